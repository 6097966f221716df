// The browser entry evaluates React, React DOM, Emotion, Gatsby's loader and Gatsby's production app each in a task
// of its own, in that order, none in the task that runs the entry (docs/decisions/0053). Each module records when
// it is evaluated.

const evaluated: string[] = [];

const settle = async () => {
  for (let turn = 0; turn < 20; turn += 1) await Promise.resolve();
};

function loadEntry() {
  jest.isolateModules(() => {
    jest.doMock('react', () => {
      evaluated.push('react');
      return {};
    });
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

it('evaluates the modules a page starts with in five tasks after its own, the browser free in between', async () => {
  loadEntry();
  await settle();
  expect(evaluated).toEqual([]);

  const stages = ['react', 'react-dom', 'emotion', 'gatsby loader', 'gatsby app'];
  for (let stage = 1; stage <= stages.length; stage += 1) {
    jest.runOnlyPendingTimers();
    await settle();
    expect(evaluated).toEqual(stages.slice(0, stage));
  }

  // Nothing is left waiting: Gatsby's app, once evaluated, starts the page itself.
  expect(jest.getTimerCount()).toBe(0);
});
