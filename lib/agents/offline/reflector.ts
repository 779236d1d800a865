import type { Pitfall } from '../../envs/types';
import type { EpisodeRecord } from '../../episodes/types';
import { batchSummary, renderBatchForReflector } from '../llm/trajectories';
import { promptContains } from '../prompt-text';
import type { IctReflector, Reflection, ReflectionInput } from '../types';
import { OFFLINE_LABEL } from '../labels';

export const LESSONS_HEADER = 'Lessons from earlier episodes:';

interface Finding {
  pitfall: Pitfall;
  episode: number;
  step: number;
  action: string;
  feedback: string;
}

/** Which pitfalls each trajectory shows, recognised from action and feedback text alone. */
export function findPitfalls(pitfalls: Pitfall[], trajectories: EpisodeRecord[]): Finding[] {
  const findings: Finding[] = [];
  trajectories.forEach((t, i) => {
    const seen = new Set<string>();
    for (const s of t.steps) {
      for (const p of pitfalls) {
        if (seen.has(p.id)) continue;
        if (p.actionPattern.test(s.executedAction) && p.feedbackPattern.test(s.feedback)) {
          seen.add(p.id);
          findings.push({ pitfall: p, episode: i + 1, step: s.index + 1, action: s.executedAction, feedback: s.feedback });
        }
      }
    }
  });
  return findings;
}

export function addLessons(prompt: string, lessons: string[]): string {
  if (lessons.length === 0) return prompt;
  const bullets = lessons.map((l) => `- ${l}`).join('\n');
  if (prompt.includes(LESSONS_HEADER)) return `${prompt.trimEnd()}\n${bullets}`;
  return `${prompt.trimEnd()}\n\n${LESSONS_HEADER}\n${bullets}`;
}

/**
 * Reads the batch, finds the negative feedback each pitfall produces, and writes the matching
 * lessons into the next prompt, keeping what was there. Its output has MetaGym's
 * `ANALYSIS:` / `IMPROVED PROMPT:` shape so it reads like an LLM reflector's.
 */
export function createOfflineReflector(): IctReflector {
  return {
    label: OFFLINE_LABEL,
    kind: 'offline',
    async reflect({ systemPrompt, trajectories, spec }: ReflectionInput): Promise<Reflection> {
      const findings = findPitfalls(spec.pitfalls, trajectories);
      const succeeded = trajectories.filter((t) => t.success).length;
      const lines = [`${trajectories.length} episodes: ${succeeded} succeeded, ${trajectories.length - succeeded} failed.`];
      trajectories.forEach((t, i) => {
        const mine = findings.filter((f) => f.episode === i + 1);
        const outcome = t.status === 'errored' ? `errored (${t.error})` : t.success ? 'succeeded' : 'failed';
        const what = mine.length
          ? mine.map((f) => `step ${f.step} "${f.action}" got "${f.feedback}" (${f.pitfall.description})`).join('; ')
          : 'no recognised mistake';
        lines.push(`Episode ${i + 1} (${t.task.taskType}) ${outcome} in ${t.stepCount} steps: ${what}.`);
      });
      const fresh = [...new Map(findings.map((f) => [f.pitfall.id, f.pitfall])).values()].filter(
        (p) => !promptContains(systemPrompt, p.lesson),
      );
      const known = findings.filter((f) => promptContains(systemPrompt, f.pitfall.lesson));
      if (fresh.length) lines.push(`New lessons: ${fresh.map((p) => p.id).join(', ')}.`);
      if (known.length) lines.push(`Already in the prompt: ${[...new Set(known.map((f) => f.pitfall.id))].join(', ')}.`);
      if (!fresh.length) lines.push('No new lesson; the prompt is kept.');
      const analysis = lines.join('\n');
      const prompt = addLessons(systemPrompt, fresh.map((p) => p.lesson));
      return {
        analysis,
        prompt,
        // The same rendering an LLM reflector is shown, so offline and LLM runs read alike.
        input: `CURRENT PROMPT:\n${systemPrompt}\n\nBATCH: ${batchSummary(trajectories)}\n\nTRAJECTORIES:\n${renderBatchForReflector(trajectories)}`,
        output: `ANALYSIS:\n${analysis}\n\nIMPROVED PROMPT:\n${prompt}`,
        error: null,
      };
    },
  };
}
