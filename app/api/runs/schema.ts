// The body of POST /api/runs is the New-run form's schema; one source of truth.
export { ictConfigSchema as createRunSchema } from '@/lib/ict/config';
