// Shared Jest settings: SWC compiles TypeScript/JSX (Emotion's JSX runtime), the ESM-only packages are transformed,
// and a test that logs an unexpected console.error fails.
const path = require('node:path');

module.exports = function jestConfig(packageDir, overrides = {}) {
  return {
    rootDir: packageDir,
    testEnvironment: 'node',
    testMatch: ['<rootDir>/src/**/*.test.ts', '<rootDir>/src/**/*.test.tsx'],
    transform: {
      '^.+\\.(t|j|mj)sx?$': [
        '@swc/jest',
        {
          jsc: {
            parser: { syntax: 'typescript', tsx: true },
            transform: { react: { runtime: 'automatic', importSource: '@emotion/react' } },
            target: 'es2022',
          },
          module: { type: 'commonjs' },
        },
      ],
    },
    transformIgnorePatterns: ['/node_modules/(?!(ky|jose|valibot|@module-federation)/)'],
    moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
    setupFilesAfterEnv: [path.join(__dirname, 'jest.setup.cjs')],
    // Jest's 5 s is a second or less of work on a quiet machine, but CI runs the packages' suites beside each other
    // and the API's on 2 cores, where a screen test of a few rendering rounds has run out of it. A slow test still
    // has to pass; a broken one fails as before.
    testTimeout: 30_000,
    // `npm test` runs the packages' suites beside the API's (infra/local/test-phases.mjs) and sets one worker each.
    ...(process.env.JEST_MAX_WORKERS && { maxWorkers: Number(process.env.JEST_MAX_WORKERS) }),
    ...overrides,
  };
};
