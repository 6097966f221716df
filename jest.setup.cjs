// An unexpected console.error (React act() warnings, failed prop types, uncaught render errors) fails the test.
const originalError = console.error;
beforeEach(() => {
  console.error = (...args) => {
    originalError(...args);
    throw new Error(`Unexpected console.error: ${args.map(String).join(' ')}`);
  };
});
afterEach(() => {
  console.error = originalError;
});
