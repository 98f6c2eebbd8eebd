// Type-aware lint for the whole workspace, and the layer rules that keep apps and libs apart.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const entryPointOnly = {
  group: ['@teamfit/*/src', '@teamfit/*/src/**', '**/libs/*/src', '**/libs/*/src/**'],
  message: 'Import a library from its entry point (@teamfit/<lib>), never from its files.',
};
const noApps = { group: ['**/apps/**'], message: 'Libraries and tools never import applications.' };

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', '.data/**', '.nx/**', '**/*.js', '**/*.cjs', '**/*.mjs', 'apps/*/drizzle.config.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/explicit-module-boundary-types': 'off',
      'no-restricted-imports': ['error', { patterns: [entryPointOnly] }],
    },
  },
  {
    files: ['libs/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [entryPointOnly, noApps] }] },
  },
  {
    // The scoring engine is pure: no framework, no database, no I/O, nothing of ours.
    files: ['libs/scoring/src/**/*.ts'],
    ignores: ['**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@nestjs/*', 'drizzle-orm', 'drizzle-orm/*', 'pg', 'express', 'node:*', 'fs', 'http', 'net', 'child_process', '@teamfit/*'], message: 'libs/scoring is pure: no framework, no I/O, no other library of ours.' },
          ],
        },
      ],
    },
  },
  {
    // Tests may reach into what they test; the rules above still hold for the code under test.
    files: ['**/*.spec.ts', '**/*.e2e-spec.ts', '**/test/**/*.ts'],
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
