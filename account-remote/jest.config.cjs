const path = require('node:path');

module.exports = require('../jest.base.cjs')(__dirname, {
  testEnvironment: require.resolve('../jest.jsdom-environment.cjs'),
  moduleNameMapper: {
    '^(\\.{1,2}/.*)\\.js$': '$1',
    '\\.svg$': '<rootDir>/src/test-support/file-stub.cjs',
  },
  // The shared one plus the remote's: each test starts with an empty query cache.
  setupFilesAfterEnv: [
    path.join(__dirname, '../jest.setup.cjs'),
    '<rootDir>/src/test-support/query-cache.ts',
  ],
});
