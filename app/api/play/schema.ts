import { z } from 'zod';

export const startPlaySchema = z.object({
  env: z.string().min(1),
  taskType: z.string().min(1),
  seed: z.int().min(0).max(2 ** 31 - 1),
});

export const playOpSchema = z.discriminatedUnion('op', [
  z.object({ op: z.literal('step'), action: z.string().max(20_000) }),
  z.object({ op: z.literal('rollback'), step: z.int().min(0) }),
  z.object({ op: z.literal('bookmark') }),
  z.object({ op: z.literal('restore'), bookmark: z.int().min(1) }),
]);
