module.exports = require('../jest.base.cjs')(__dirname, {
  testEnvironment: require.resolve('../jest.jsdom-environment.cjs'),
  moduleNameMapper: {
    '^(\\.{1,2}/.*)\\.js$': '$1',
    '\\.svg$': '<rootDir>/src/test-support/file-stub.cjs',
  },
});
