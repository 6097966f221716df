// A PostgreSQL cluster kept on this machine for `npm run start:production` (docs/decisions/0077): created with
// Debian's binaries on first start under the topology's data directory, reused after, started and stopped with the
// topology. As root (CI), it runs as `nobody`, since initdb refuses root.
//
// No local user is let in without the password (docs/decisions/0095): every connection, over its Unix socket or
// TCP on 127.0.0.1, authenticates with scram-sha-256 (pg_hba.conf is written on every start, so a cluster made
// before this is mended too), and the socket sits in a directory only the cluster's user can reach (0700; root
// reaches every directory), the socket itself 0700.
import { spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, readdirSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { delimiter, dirname, join } from 'node:path';

/** The directory with initdb and pg_ctl: $PG_BIN_DIR, PATH, or Debian's /usr/lib/postgresql/<newest>/bin. */
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

/** pg_hba.conf: a password (scram-sha-256) for everyone, over the socket and over TCP on loopback; nothing else. */
export const hostBasedAuthentication = `# Written by infra/local/postgres-cluster.mjs on every start (docs/decisions/0095).
# TYPE  DATABASE  USER  ADDRESS       METHOD
local   all       all                 scram-sha-256
host    all       all   127.0.0.1/32  scram-sha-256
host    all       all   ::1/128       scram-sha-256
`;

function unprivilegedUser() {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag) => Number(spawnSync('id', [flag, 'nobody'], { encoding: 'utf8' }).stdout.trim());
  return { uid: id('-u'), gid: id('-g') };
}

/**
 * Creates (first time) and starts the cluster in `dir` on 127.0.0.1:`port` with the database `dcipher`, whose
 * owner `postgres` has `password` (the topology keeps it in its secrets.json, 0600). Answers `{ url, socketDir,
 * psql(sql), stop() }`; `stop()` is a fast shutdown (sessions ended, data kept).
 */
export async function startPostgresCluster({ dir, port, password, binDir = findPostgresBinDir() }) {
  if (!binDir) {
    throw new Error('No PostgreSQL binaries (initdb, pg_ctl) found: sudo apt-get install postgresql');
  }
  const user = unprivilegedUser();
  const dataDir = join(dir, 'data');
  const logFile = join(dir, 'server.log');
  const socketDir = join(dir, 'socket');
  for (const directory of [dir, socketDir]) {
    await mkdir(directory, { recursive: true, mode: 0o700 });
    chmodSync(directory, 0o700);
    if (user) chownSync(directory, user.uid, user.gid);
  }
  const asOwner = (executable, args) => {
    const [command, commandArgs] = user
      ? ['setpriv', [`--reuid=${user.uid}`, `--regid=${user.gid}`, '--clear-groups', executable, ...args]]
      : [executable, args];
    return spawnSync(command, commandArgs, {
      cwd: dir,
      encoding: 'utf8',
      // psql's password (scram-sha-256 on every connection); never on a command line.
      env: { ...process.env, LC_ALL: 'C', PGPASSWORD: password },
    });
  };
  const check = (result, what) => {
    if (result.error) throw new Error(`${what}: ${result.error.message}`);
    if (result.status !== 0)
      throw new Error(`${what} failed (${result.status}):\n${result.stdout}${result.stderr}`);
  };
  if (!existsSync(join(dataDir, 'PG_VERSION'))) {
    const passwordFile = join(dir, 'password');
    writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 });
    if (user) chownSync(passwordFile, user.uid, user.gid);
    try {
      check(
        asOwner(join(binDir, 'initdb'), [
          '-D',
          dataDir,
          '-U',
          'postgres',
          '--encoding=UTF8',
          '--locale=C.UTF-8',
          '--auth-local=scram-sha-256',
          '--auth-host=scram-sha-256',
          `--pwfile=${passwordFile}`,
        ]),
        'initdb',
      );
    } finally {
      rmSync(passwordFile, { force: true });
    }
  }
  // The one authentication there is: a password for every user, database and way in (an older cluster was made
  // with `local all all trust`).
  const hbaFile = join(dataDir, 'pg_hba.conf');
  writeFileSync(hbaFile, hostBasedAuthentication, { mode: 0o600 });
  if (user) chownSync(hbaFile, user.uid, user.gid);
  const options = [
    `-c listen_addresses=127.0.0.1`,
    `-c port=${port}`,
    `-c unix_socket_directories=${socketDir}`,
    `-c unix_socket_permissions=0700`,
    `-c password_encryption=scram-sha-256`,
    `-c max_connections=100`,
    `-c timezone=UTC`,
  ].join(' ');
  // In a session of its own (setsid): Ctrl-C in the terminal reaches the runner, which stops PostgreSQL last.
  check(
    asOwner('setsid', [
      join(binDir, 'pg_ctl'),
      'start',
      '-D',
      dataDir,
      '-l',
      logFile,
      '-w',
      '-t',
      '60',
      '-o',
      options,
    ]),
    `pg_ctl start (log: ${logFile})`,
  );
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    asOwner(join(binDir, 'pg_ctl'), ['stop', '-D', dataDir, '-m', 'fast', '-w']);
  };
  // PATH may hold links to initdb and pg_ctl only; psql is beside the real ones.
  const psqlBin = [join(binDir, 'psql'), join(dirname(realpathSync(join(binDir, 'pg_ctl'))), 'psql')].find(
    (candidate) => existsSync(candidate),
  );
  const psql = (sql, database = 'dcipher') =>
    asOwner(psqlBin ?? 'psql', [
      '-w',
      '-h',
      socketDir,
      '-p',
      String(port),
      '-U',
      'postgres',
      '-d',
      database,
      '-tAc',
      sql,
    ]);
  try {
    const exists = psql("select 1 from pg_database where datname = 'dcipher'", 'postgres');
    check(exists, 'psql');
    if (exists.stdout.trim() !== '1') check(psql('create database dcipher', 'postgres'), 'create database');
  } catch (error) {
    stop();
    throw error;
  }
  return { url: `postgresql://postgres:${password}@127.0.0.1:${port}/dcipher`, socketDir, psql, stop };
}
