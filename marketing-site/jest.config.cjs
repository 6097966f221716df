module.exports = require('../jest.base.cjs')(__dirname, {
  testEnvironment: require.resolve('../jest.jsdom-environment.cjs'),
  setupFiles: ['<rootDir>/src/test-support/browser-globals.cjs'],
  moduleNameMapper: {
    '^gatsby$': '<rootDir>/src/test-support/gatsby-stub.tsx',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
});
