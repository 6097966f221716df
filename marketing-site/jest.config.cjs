module.exports = require('../jest.base.cjs')(__dirname, {
  testEnvironment: require.resolve('../jest.jsdom-environment.cjs'),
});
