// Type-aware lint for the whole workspace, and the layer rules that keep apps and libs apart.
import js from '@eslint/js';
import nx from '@nx/eslint-plugin';
import { createProjectGraphAsync } from 'nx/src/devkit-exports.js';
import tseslint from 'typescript-eslint';

// The boundary rule reads Nx's project graph from its cache and silently skips when there is none
// (a fresh clone, `npx eslint` before any `nx` command): build it first, so it always applies.
await createProjectGraphAsync({ exitOnError: true });

// Layers come from each project's tags (project.json). Apps and libs depend on libs only, and
// nothing depends on an app, a tool or a test project; libs are reached through their entry point
// `@teamfit/<lib>` (a relative path into another project is an error). The scoring engine is pure.
const depConstraints = [
  { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['type:lib'] },
  { sourceTag: 'type:lib', onlyDependOnLibsWithTags: ['type:lib'] },
  { sourceTag: 'type:tool', onlyDependOnLibsWithTags: ['type:lib'] },
  { sourceTag: 'type:e2e', onlyDependOnLibsWithTags: ['type:lib'] },
  { sourceTag: 'scope:scoring', onlyDependOnLibsWithTags: [] },
];
const boundaries = (options = {}) => ['error', { depConstraints, ...options }];
// Tests, tools and benchmarks boot whole services: they may import a service's root module
// (`*-app.module`), the runner's process helpers and another service's test fixtures (`*.fixture`).
const bootingServices = ['-app\\.module$', '/tools/runner/[a-z-]+$', '\\.fixture$'];
const testFiles = ['**/*.spec.ts', '**/*.e2e-spec.ts', '**/test/**/*.ts'];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      '.data/**',
      '.nx/**',
      '**/*.js',
      '**/*.cjs',
      '**/*.mjs',
      'apps/*/drizzle.config.ts',
      'libs/api-client/src/generated/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    plugins: { '@nx': nx },
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/explicit-module-boundary-types': 'off',
      '@nx/enforce-module-boundaries': boundaries(),
    },
  },
  {
    files: testFiles,
    // A test may import its own library's entry point, to test what the library exports.
    rules: { '@nx/enforce-module-boundaries': boundaries({ allow: bootingServices, allowCircularSelfDependency: true }) },
  },
  {
    files: ['tools/**/*.ts'],
    rules: { '@nx/enforce-module-boundaries': boundaries({ allow: bootingServices }) },
  },
  {
    // The evaluation benchmark scores the evaluation service's own question set; the hub's measures
    // its bundle as the budget check does.
    files: ['bench/**/*.ts'],
    rules: {
      '@nx/enforce-module-boundaries': boundaries({
        allow: [...bootingServices, '../apps/evaluation/src/evaluations/*', '../tools/checks/first-visit-size'],
      }),
    },
  },
  {
    // Self-reported demographics are never an input to a score (docs/fairness.md, "Demographics"):
    // in the evaluation service only the adverse-impact report (src/fairness/) may read them; the
    // scoring library cannot import any library at all (scope:scoring above).
    files: ['apps/evaluation/src/**/*.ts', 'libs/evaluations/src/**/*.ts'],
    ignores: ['apps/evaluation/src/fairness/**', ...testFiles],
    rules: {
      '@nx/enforce-module-boundaries': boundaries({
        depConstraints: [
          ...depConstraints,
          { sourceTag: 'type:app', notDependOnLibsWithTags: ['scope:demographics'] },
          { sourceTag: 'type:lib', notDependOnLibsWithTags: ['scope:demographics'] },
        ],
      }),
    },
  },
  {
    // The scoring engine takes no framework or library at all (npm packages are Nx graph nodes,
    // so the boundary rule bans them); Node's built-ins are not, so the core rule bans those.
    files: ['libs/scoring/src/**/*.ts'],
    ignores: testFiles,
    rules: {
      '@nx/enforce-module-boundaries': boundaries({
        depConstraints: [...depConstraints, { sourceTag: 'scope:scoring', allowedExternalImports: [] }],
      }),
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^node:|^(fs|path|os|http|https|net|child_process|worker_threads|crypto|stream|timers)(/|$)',
              message: 'libs/scoring is pure: no I/O.',
            },
          ],
        },
      ],
    },
  },
  {
    // Tests may reach into what they test; the rules above still hold for the code under test.
    files: testFiles,
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      // Response bodies are untyped JSON; asserting on them is the point of a test.
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
);
