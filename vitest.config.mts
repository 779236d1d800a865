import { defineConfig } from 'vitest/config';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(fileURLToPath(import.meta.url));

export default defineConfig({
  resolve: {
    alias: {
      '@': root,
      // `server-only` throws outside React Server Components; unit tests run db/ code directly.
      'server-only': path.join(root, 'tests/support/empty.ts'),
    },
  },
  test: {
    include: ['lib/**/*.test.ts', 'components/**/*.test.ts', 'db/**/*.test.ts', 'worker/**/*.test.ts', 'app/**/*.test.ts', 'bin/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
  },
});
