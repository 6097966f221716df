// The phases of `npm test` and `npm run test:quick` (infra/local/bootstrap.mjs), each timed: a phase is a function
// (`run`), a command (`command`: { executable, args, env }), steps in turn (`sequence`: commands, or phases of their
// own when named) or phases side by side (`parallel`). The first phase that fails ends the run once the phases beside
// it have finished; every phase's wall time is printed as it ends and again in a table at the end (issue 33).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/**
 * The machine's CPU time so far, busy and in all (Linux's /proc/stat, in clock ticks), or undefined elsewhere: a
 * phase's share of the machine says whether it leaves a core idle (room to run something beside it) or not.
 */
function machineCpu() {
  try {
    const ticks = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0);
    const all = ticks.reduce((sum, value) => sum + value, 0);
    return { busy: all - idle, all };
  } catch {
    return undefined;
  }
}

/** How busy the machine was between two readings, as a share of all its cores ('' when unknown). */
export function busyShare(from, to) {
  if (!from || !to || to.all <= from.all) return '';
  return `${Math.round(((to.busy - from.busy) / (to.all - from.all)) * 100)} %`;
}

function runCommand({ executable, args, env }) {
  return new Promise((resolve) => {
    const child = spawn(executable, args, { stdio: 'inherit', env });
    const forward = (signal) => child.kill(signal);
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    child.on('exit', (code) => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      resolve(code === 0);
    });
    child.on('error', () => resolve(false));
  });
}

async function runPhase(phase, timings, depth, out) {
  const started = performance.now();
  const cpuAtStart = machineCpu();
  let ok;
  if (phase.parallel) {
    const results = await Promise.all(phase.parallel.map((part) => runPhase(part, timings, depth + 1, out)));
    ok = results.every(Boolean);
  } else if (phase.sequence) {
    // Steps in turn: a named step is a phase of its own, timed and printed under this one.
    ok = true;
    for (const step of phase.sequence) {
      ok = step.name ? await runPhase(step, timings, depth + 1, out) : await runCommand(step);
      if (!ok) break;
    }
  } else if (phase.command) {
    ok = await runCommand(phase.command);
  } else {
    try {
      await phase.run();
      ok = process.exitCode === undefined || process.exitCode === 0;
    } catch (error) {
      out.error(error);
      ok = false;
    }
  }
  const elapsed = performance.now() - started;
  const busy = busyShare(cpuAtStart, machineCpu());
  timings.push({ name: phase.name, depth, ok, elapsed, busy });
  out.log(
    `\n# phase ${ok ? 'passed' : 'FAILED'}: ${phase.name}: ${seconds(elapsed)}${busy ? `, machine ${busy} busy` : ''}\n`,
  );
  return ok;
}

/**
 * Runs the phases in turn; resolves to whether all passed. `log` prints the timings and `error` what a phase threw
 * (the console's by default).
 */
export async function runPhases(phases, { log = console.log, error = console.error } = {}) {
  const timings = [];
  const started = performance.now();
  const cpuAtStart = machineCpu();
  let ok = true;
  for (const phase of phases) {
    ok = await runPhase(phase, timings, 0, { log, error });
    if (!ok) break;
  }
  // Top-level phases in their order, the parts of a parallel phase under it.
  const ordered = [];
  for (const timing of timings.filter((t) => t.depth === 0)) {
    const index = timings.indexOf(timing);
    const parts = [];
    for (let i = index - 1; i >= 0 && timings[i].depth > 0; i -= 1) parts.unshift(timings[i]);
    ordered.push(...parts, timing);
  }
  // The names' column as wide as the longest, indent included, so the figures line up.
  const nameWidth = Math.max(44, ...ordered.map((t) => t.name.length + 2 * t.depth));
  const lines = ordered.map(
    (t) =>
      `${'  '.repeat(t.depth)}${t.ok ? 'passed' : 'FAILED'}  ${t.name.padEnd(nameWidth - 2 * t.depth)} ${seconds(t.elapsed).padStart(9)}  ${t.busy.padStart(5)}`,
  );
  lines.push(
    `${ok ? 'passed' : 'FAILED'}  ${'all phases'.padEnd(nameWidth)} ${seconds(performance.now() - started).padStart(9)}  ${busyShare(cpuAtStart, machineCpu()).padStart(5)}`,
  );
  const width = Math.max(...lines.map((line) => line.length));
  log(
    `\n+${'-'.repeat(width + 2)}+\n${lines.map((line) => `| ${line.padEnd(width)} |`).join('\n')}\n+${'-'.repeat(width + 2)}+`,
  );
  return ok;
}
