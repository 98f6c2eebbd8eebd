// Both test tiers, for `npx jest <path>`: a unit file runs without PostgreSQL, and the e2e
// tier's global setup starts PostgreSQL only when a selected file is an e2e test. `npm run
// test:unit` and `npm run test:e2e` run one tier each (docs/adr/0070-test-tiers.md).
// The test timeout is a setting of the whole run, which a project's own config does not set.
const { testTimeout } = require('./jest.preset.js');

module.exports = {
  projects: ['<rootDir>/jest.unit.config.js', '<rootDir>/jest.e2e.config.js'],
  testTimeout,
};
