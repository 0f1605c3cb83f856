// Lint rules for the whole repository (flat config): Next.js with Core Web Vitals, React Hooks and
// TypeScript, plus the house rules of DESIGN.md (the dashboard and server/ meet only over HTTP).
// Import cycles are checked by dependency-cruiser (dependency-cruiser.config.mjs, `npm run cycles`):
// import/no-cycle parsed the whole import graph again for every file and took most of the lint
// time, and its findings depend on other files, which a lint cache cannot tell.
import nextCoreWebVitals from 'eslint-config-next/core-web-vitals'
import nextTypescript from 'eslint-config-next/typescript'

const DASHBOARD = ['pages/**', 'components/**', 'data/**', 'state/**', 'lib/**', 'mocks/**']

const config = [
  { ignores: ['node_modules/**', '.next/**', '.data/**', 'test-results/**', 'playwright-report/**', 'bench/out/**', 'public/mockServiceWorker.js', 'next-env.d.ts'] },
  ...nextCoreWebVitals,
  ...nextTypescript,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // The build does not use the React Compiler, so a notice that some component (the grid's
      // virtualizer) cannot be compiled changes nothing; every other compiler rule stays on.
      'react-hooks/incompatible-library': 'off',
    },
  },
  {
    // Tests read JSON answers loosely on purpose.
    files: ['tests/**', '**/*.test.ts', '**/*.test.tsx', 'e2e/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // The dashboard reaches the platform over HTTP only. pages/api is the one bridge: it mounts server/.
    files: DASHBOARD,
    ignores: ['pages/api/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@/server/*', '**/server/*'], message: 'The dashboard talks to the platform over HTTP only (DESIGN §1).' },
            {
              group: ['@/lib/api-types/*.routes'],
              allowTypeImports: true,
              message: 'The browser loads route tables without their schemas: import the table from @/lib/api-types/browser/ (scripts/browser-routes.mjs writes them).',
            },
          ],
        },
      ],
    },
  },
  {
    // lib/ is shared with the platform: it must not reach into the dashboard's data, stores or screens.
    files: ['lib/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@/server/*', '**/server/*'], message: 'The dashboard talks to the platform over HTTP only (DESIGN §1).' },
            { group: ['@/components/*', '@/data/*', '@/state/*', '@/pages/*'], message: 'lib/ stays importable by the server: no dashboard data, stores or screens (DESIGN §1).' },
          ],
        },
      ],
    },
  },
  {
    files: ['server/**', 'workers/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@/components/*', '@/data/*', '@/state/*', '@/pages/*'], message: 'server/ shares only lib/ with the dashboard (DESIGN §1).' },
          ],
        },
      ],
    },
  },
  {
    // Scripts, benchmarks and browser tests are plain Node programs.
    files: ['scripts/**', 'bench/**', 'e2e/**', '*.config.*'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
]

export default config
