/** Lessons are recognised in a prompt regardless of case and line wrapping. */
export function normalizeText(s: string): string {
  return s.toLowerCase().replace(/\s+/g, ' ').trim();
}

export function promptContains(prompt: string, text: string): boolean {
  return normalizeText(prompt).includes(normalizeText(text));
}
