// `npm run restart:production` (docs/decisions/0077): a rolling restart of the running production topology's API
// processes, one at a time (the new process starts on the old one's sockets and is ready, then the old one drains
// and exits; then the next, decision 0087), asked of the runner of
// `npm run start:production` through its control socket in the data directory. Prints the runner's progress; exits 0
// once every process is ready again, 1 if the topology is not running or the restart failed.
import { connect } from 'node:net';
import { controlSocketPath, defaultProductionDataDir } from './production.mjs';

export async function requestRollingRestart({
  dataDir = process.env.PRODUCTION_DATA_DIR ?? defaultProductionDataDir,
  output = process.stdout,
} = {}) {
  const socketPath = controlSocketPath(dataDir);
  return await new Promise((resolve) => {
    let last = '';
    const connection = connect(socketPath, () => connection.write('restart\n'));
    connection.setEncoding('utf8');
    connection.on('data', (text) => {
      output.write(text);
      last = `${last}${text}`.split('\n').slice(-2).join('\n');
    });
    connection.once('error', (error) => {
      output.write(
        `No running production topology answers at ${socketPath} (${error.code ?? error.message}): start it with npm run start:production\n`,
      );
      resolve(false);
    });
    connection.once('end', () => resolve(last.trim().endsWith('done')));
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exit((await requestRollingRestart()) ? 0 : 1);
}
