import { defineConfig, globalIgnores } from 'eslint/config';
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTypescript from 'eslint-config-next/typescript';

const framework = [
  { group: ['next', 'next/*'], message: 'lib/ is framework-free: no Next.js here.' },
  { group: ['react', 'react/*', 'react-dom', 'react-dom/*'], message: 'lib/ is framework-free: no React here.' },
];
const upward = (layer) => [
  { group: ['@/db', '@/db/*', '**/db/*', '../db', '../../db'], message: `${layer} must not import db/.` },
  { group: ['@/components', '@/components/*', '**/components/*'], message: `${layer} must not import components/.` },
  { group: ['@/app', '@/app/*', '**/app/*'], message: `${layer} must not import app/.` },
  { group: ['@/worker', '@/worker/*', '**/worker/*'], message: `${layer} must not import worker/.` },
];

export default defineConfig([
  ...nextVitals,
  ...nextTypescript,
  globalIgnores(['.next/**', 'node_modules/**', 'data/**', 'db/migrations/**', 'next-env.d.ts', 'tests/e2e/artifacts/**']),
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
    },
  },
  {
    // The domain core: no framework, nothing of ours above it.
    files: ['lib/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [...framework, ...upward('lib/')] }] },
  },
  {
    // db/ may use lib types only; never the UI or the worker.
    files: ['db/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [...framework, ...upward('db/').filter((p) => !p.group.includes('@/db'))] },
      ],
    },
  },
  {
    // Client components run in the browser: the database and secrets must be unreachable.
    // Type-only imports are erased at build time, so components may name db/ view types.
    files: ['components/**/*.tsx', 'components/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@/db', '@/db/*', '**/db/*', 'better-sqlite3', 'drizzle-orm', 'drizzle-orm/*'], allowTypeImports: true, message: 'components/ never reach the database; pass data from a server component or fetch the JSON API.' },
            { group: ['@/worker', '@/worker/*', '**/worker/*'], message: 'components/ must not import worker/.' },
          ],
        },
      ],
    },
  },
]);
