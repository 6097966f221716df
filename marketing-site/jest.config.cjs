module.exports = require('../jest.base.cjs')(__dirname, {
  testEnvironment: require.resolve('../jest.jsdom-environment.cjs'),
  setupFiles: ['<rootDir>/src/test-support/browser-globals.cjs'],
  moduleNameMapper: {
    '^gatsby$': '<rootDir>/src/test-support/gatsby-stub.tsx',
    // As in the browser bundle (src/first-view/remote-prerender-config.mjs): the remote's screens come at run time.
    '^@dcipher/account-remote/prerender$': '<rootDir>/src/first-view/prerender-in-browser.ts',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
});
