// The browser entry evaluates React DOM, Emotion, Gatsby's loader and Gatsby's production app each in a task of
// its own, in that order (docs/decisions/0053). Each module records when it is evaluated.

const evaluated: string[] = [];

const settle = async () => {
  for (let turn = 0; turn < 20; turn += 1) await Promise.resolve();
};

function loadEntry() {
  jest.isolateModules(() => {
    jest.doMock('react-dom/client', () => {
      evaluated.push('react-dom');
      return {};
    });
    jest.doMock('@emotion/react', () => {
      evaluated.push('emotion');
      return {};
    });
    jest.doMock(
      '../../.cache/loader',
      () => {
        evaluated.push('gatsby loader');
        return {};
      },
      { virtual: true },
    );
    jest.doMock(
      '../../.cache/production-app',
      () => {
        evaluated.push('gatsby app');
        return {};
      },
      { virtual: true },
    );
    require('./staged-entry.js');
  });
}

beforeEach(() => {
  evaluated.length = 0;
  jest.useFakeTimers();
});

afterEach(() => {
  jest.useRealTimers();
});

it('evaluates the modules a page starts with in four tasks, the browser free in between', async () => {
  loadEntry();
  await settle();
  expect(evaluated).toEqual(['react-dom']);

  jest.runOnlyPendingTimers();
  await settle();
  expect(evaluated).toEqual(['react-dom', 'emotion']);

  jest.runOnlyPendingTimers();
  await settle();
  expect(evaluated).toEqual(['react-dom', 'emotion', 'gatsby loader']);

  jest.runOnlyPendingTimers();
  await settle();
  expect(evaluated).toEqual(['react-dom', 'emotion', 'gatsby loader', 'gatsby app']);

  // Nothing is left waiting: Gatsby's app, once evaluated, starts the page itself.
  expect(jest.getTimerCount()).toBe(0);
});
