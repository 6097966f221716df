// A node:test reporter (run-tests.mjs adds it beside TAP): each test file's time, the sum of its top-level tests'
// durations, written as JSON lines to its destination, so the runner can print the slowest files (issue 33: where
// the suite's time goes, to be split or shortened where it matters).
export default async function* fileTimes(source) {
  const seconds = new Map();
  for await (const event of source) {
    if ((event.type === 'test:pass' || event.type === 'test:fail') && event.data.nesting === 0) {
      const file = event.data.file ?? '(unknown file)';
      seconds.set(file, (seconds.get(file) ?? 0) + (event.data.details?.duration_ms ?? 0) / 1000);
    }
  }
  for (const [file, total] of seconds) yield `${JSON.stringify({ file, seconds: total })}\n`;
}
