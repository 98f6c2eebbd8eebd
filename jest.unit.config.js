// Unit tier (`npm run test:unit`): the `*.spec.ts` files beside the code. No global setup: nothing
// here starts PostgreSQL, builds the template database or needs the built `dist/` tree; a test
// that does belongs in the e2e tier (docs/adr/0070-test-tiers.md).
const preset = require('./jest.preset.js');

module.exports = {
  ...preset,
  displayName: 'unit',
  testMatch: ['**/*.spec.ts'],
};
