import { newestFirst } from './newest-first.js';

describe('newestFirst', () => {
  const item = (name: string, date?: string) => ({ name, date });

  it('sorts by date, newest first', () => {
    const items = [item('a', '2025-01-01'), item('b', '2026-03-01T10:00:00.000Z'), item('c', '2025-06-01')];
    expect(newestFirst(items, (entry) => entry.date).map((entry) => entry.name)).toEqual(['b', 'c', 'a']);
  });

  it('puts undated drafts first and keeps ties in order', () => {
    const items = [item('a', '2025-01-01'), item('b', '2025-01-01'), item('draft')];
    expect(newestFirst(items, (entry) => entry.date).map((entry) => entry.name)).toEqual(['draft', 'a', 'b']);
  });

  it('does not change the given list', () => {
    const items = [item('a', '2025-01-01'), item('b', '2026-01-01')];
    newestFirst(items, (entry) => entry.date);
    expect(items.map((entry) => entry.name)).toEqual(['a', 'b']);
  });
});
