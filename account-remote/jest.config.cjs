const path = require('node:path');

module.exports = require('../jest.base.cjs')(__dirname, {
  testEnvironment: require.resolve('./src/test-support/jest-environment.cjs'),
  // MSW (the tests' API, test-support/contract-api.ts) and its ESM-only dependencies are transformed as well.
  transformIgnorePatterns: [
    '/node_modules/(?!(ky|jose|valibot|@module-federation|msw|@mswjs|rettime|until-async|@open-draft|headers-polyfill|outvariant|strict-event-emitter|is-node-process)/)',
  ],
  moduleNameMapper: {
    '^(\\.{1,2}/.*)\\.js$': '$1',
    '\\.svg$': '<rootDir>/src/test-support/file-stub.cjs',
    // jsdom's environment resolves packages' "browser" builds; MSW's Node interception is its "node" build.
    '^msw/node$': require.resolve('msw/node'),
  },
  // The shared one plus the remote's: each test starts with an empty query cache and the contract's MSW API.
  setupFilesAfterEnv: [
    path.join(__dirname, '../jest.setup.cjs'),
    '<rootDir>/src/test-support/query-cache.ts',
    '<rootDir>/src/test-support/contract-api-setup.ts',
  ],
});
