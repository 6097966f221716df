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

// findBy…/waitFor wait until what they look for appears; Testing Library's 1 s bound ran out on CI's loaded 2 cores
// (a screen rendered after its data arrived in 1.2 s). A wait still ends as soon as the element is there; only a
// screen that never shows it takes the longer bound to fail.
try {
  require('@testing-library/dom').configure({ asyncUtilTimeout: 5_000 });
} catch {
  // A package without Testing Library has no screens to wait for.
}
