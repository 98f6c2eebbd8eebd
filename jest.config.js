// One Jest run for the workspace: unit tests (`*.spec.ts`) beside the code and end-to-end tests
// (`test/*.e2e-spec.ts`). The global setup starts PostgreSQL once and builds the migrated
// template every e2e test file clones its own database from.
const preset = require('./jest.preset.js');

module.exports = {
  ...preset,
  rootDir: __dirname,
  roots: ['<rootDir>/apps', '<rootDir>/libs', '<rootDir>/gateway', '<rootDir>/tools'],
  testMatch: ['**/*.spec.ts', '**/*.e2e-spec.ts'],
  globalSetup: '<rootDir>/tools/testing/global-setup.ts',
  globalTeardown: '<rootDir>/tools/testing/global-teardown.ts',
  testTimeout: 60_000,
};
