// A PostgreSQL cluster that lives for one test run: `initdb` into a temporary directory, started with `pg_ctl` on
// a free port of 127.0.0.1 (and a unix socket inside that directory), stopped and deleted by `stop()`.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  appendFileSync,
  chownSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';

/**
 * The directory holding `initdb` and `pg_ctl`: `$PG_BIN_DIR`, else PATH, else Debian's
 * `/usr/lib/postgresql/<version>/bin` (which the `postgresql` package does not put on PATH), newest version first.
 * Undefined when none has both.
 */
export function findPostgresBinDir(env = process.env) {
  const hasBoth = (dir) => existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl'));
  if (env.PG_BIN_DIR) return hasBoth(env.PG_BIN_DIR) ? env.PG_BIN_DIR : undefined;
  const onPath = (env.PATH ?? '').split(delimiter).filter(Boolean).find(hasBoth);
  if (onPath) return onPath;
  const debianRoot = '/usr/lib/postgresql';
  if (!existsSync(debianRoot)) return undefined;
  return readdirSync(debianRoot)
    .filter((version) => /^\d+$/.test(version))
    .sort((a, b) => Number(b) - Number(a))
    .map((version) => join(debianRoot, version, 'bin'))
    .find(hasBoth);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Who runs the cluster: initdb refuses root, so as root (CI) the binaries run as `nobody`. */
function unprivilegedUser() {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag) => Number(spawnSync('id', [flag, 'nobody'], { encoding: 'utf8' }).stdout.trim());
  const uid = id('-u');
  const gid = id('-g');
  if (!Number.isInteger(uid) || !Number.isInteger(gid)) {
    throw new Error(
      'Running as root, and there is no user "nobody" to run PostgreSQL as (initdb refuses root).',
    );
  }
  return { uid, gid };
}

/**
 * Creates and starts the cluster. Resolves to `{ url, stop }`: `url` is the superuser's URL of the `postgres`
 * database; `stop()` (synchronous, idempotent, safe in an exit handler) stops the server and deletes every file.
 */
export async function startThrowawayPostgres(binDir) {
  const user = unprivilegedUser();
  const dir = mkdtempSync(join(tmpdir(), 'dcipher-pg-'));
  const dataDir = join(dir, 'data');
  const logFile = join(dir, 'server.log');
  let stopped = false;
  let started = false;

  const asOwner = (executable, args) => {
    const [command, commandArgs] = user
      ? existsSync('/usr/sbin/runuser') || existsSync('/sbin/runuser')
        ? ['runuser', ['-u', 'nobody', '--', executable, ...args]]
        : ['setpriv', [`--reuid=${user.uid}`, `--regid=${user.gid}`, '--clear-groups', executable, ...args]]
      : [executable, args];
    // cwd: the unprivileged user may not be able to read the directory the tests were started from.
    return spawnSync(command, commandArgs, {
      cwd: dir,
      encoding: 'utf8',
      env: { ...process.env, LC_ALL: 'C' },
    });
  };
  const check = (result, what) => {
    if (result.error) throw new Error(`${what}: ${result.error.message}`);
    if (result.status !== 0)
      throw new Error(`${what} failed (${result.status}):\n${result.stdout}${result.stderr}`);
  };
  const stop = () => {
    if (stopped) return;
    stopped = true;
    if (started) asOwner(join(binDir, 'pg_ctl'), ['stop', '-D', dataDir, '-m', 'immediate', '-w']);
    rmSync(dir, { recursive: true, force: true });
  };

  try {
    const password = randomBytes(18).toString('hex');
    const passwordFile = join(dir, 'password');
    writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 });
    if (user) {
      chownSync(dir, user.uid, user.gid);
      chownSync(passwordFile, user.uid, user.gid);
    }
    check(
      asOwner(join(binDir, 'initdb'), [
        '-D',
        dataDir,
        '-U',
        'postgres',
        '--encoding=UTF8',
        '--locale=C.UTF-8',
        '--no-sync',
        '--auth-local=trust',
        '--auth-host=scram-sha-256',
        `--pwfile=${passwordFile}`,
      ]),
      'initdb',
    );
    rmSync(passwordFile);
    // A throwaway cluster needs no durability; skipping fsync makes the hundreds of create/drop database fast.
    const port = await freePort();
    appendFileSync(
      join(dataDir, 'postgresql.conf'),
      [
        '',
        '# throwaway test cluster (api/scripts/throwaway-postgres.mjs)',
        "listen_addresses = '127.0.0.1'",
        `port = ${port}`,
        `unix_socket_directories = '${dir.replaceAll("'", "''")}'`,
        'fsync = off',
        'synchronous_commit = off',
        'full_page_writes = off',
        "timezone = 'UTC'",
        '',
      ].join('\n'),
    );
    started = true;
    const start = asOwner(join(binDir, 'pg_ctl'), ['start', '-D', dataDir, '-l', logFile, '-w', '-t', '60']);
    if (start.status !== 0 && existsSync(logFile)) start.stderr += readFileSync(logFile, 'utf8');
    check(start, 'pg_ctl start');
    return { url: `postgresql://postgres:${password}@127.0.0.1:${port}/postgres`, stop, dir };
  } catch (error) {
    stop();
    throw error;
  }
}
