// E2e tier (`npm run test:e2e`): the `test/*.e2e-spec.ts` files. The global setup starts
// PostgreSQL once and builds the migrated template every e2e test file clones its own database
// from; tests that run the built platform read `dist/` (the target depends on `build`).
const preset = require('./jest.preset.js');

module.exports = {
  ...preset,
  displayName: 'e2e',
  testMatch: ['**/*.e2e-spec.ts'],
  globalSetup: '<rootDir>/tools/testing/global-setup.ts',
  globalTeardown: '<rootDir>/tools/testing/global-teardown.ts',
};
