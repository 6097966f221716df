import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { once } from 'node:events';
import {
  chmodSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { findPostgresBinDir, hostBasedAuthentication, startPostgresCluster } from './postgres-cluster.mjs';
import { loadOrCreateSecrets } from './production.mjs';
import { startSmtpSink } from './smtp-sink.mjs';

/**
 * What the one-machine production topology keeps from other local users (docs/decisions/0095): PostgreSQL lets
 * nobody in without the password, over its socket or TCP, and its socket is reachable by its own user only; the
 * mail sink's messages (sign-in and reset links) are the runner's only; the secrets file is 0600.
 */
const freePort = () =>
  new Promise((resolvePort) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolvePort(port));
    });
  });
const modeOf = (path) => statSync(path).mode & 0o777;

const binDir = findPostgresBinDir();
if (!binDir && process.env.DCIPHER_TEST_REQUIRE_POSTGRES === '1') {
  throw new Error('PostgreSQL is required here (sudo apt-get install postgresql)');
}

describe('the topology PostgreSQL asks every local user for the password', {
  skip: !binDir && 'PostgreSQL is not installed',
}, () => {
  const password = 'topology-test-password-1234';
  let work;
  let port;
  let cluster;
  before(async () => {
    work = mkdtempSync(join(tmpdir(), 'topology-postgres-'));
    // As root the cluster runs as `nobody`, which must reach its directory.
    chmodSync(work, 0o711);
    port = await freePort();
    cluster = await startPostgresCluster({ dir: join(work, 'postgres'), port, password, binDir });
  });
  after(() => {
    cluster?.stop();
    rmSync(work, { recursive: true, force: true });
  });

  /** psql as the cluster's user would run it, with or without the password. */
  const psqlAs = (args, withPassword) => {
    // PATH may hold links to initdb and pg_ctl only; psql is beside the real ones.
    const psqlBin = join(dirname(realpathSync(join(binDir, 'pg_ctl'))), 'psql');
    const env = { ...process.env, PGPASSWORD: withPassword ? password : '', PGCONNECT_TIMEOUT: '5' };
    if (!withPassword) delete env.PGPASSWORD;
    const command = process.getuid?.() === 0 ? 'setpriv' : psqlBin;
    const id = (flag) => spawnSync('id', [flag, 'nobody'], { encoding: 'utf8' }).stdout.trim();
    const commandArgs =
      process.getuid?.() === 0
        ? [`--reuid=${id('-u')}`, `--regid=${id('-g')}`, '--clear-groups', psqlBin, ...args]
        : args;
    return spawnSync(command, commandArgs, { encoding: 'utf8', env });
  };
  const query = ['-w', '-U', 'postgres', '-d', 'dcipher', '-tAc', 'select 1'];

  it('refuses a connection without the password over the socket and over TCP, takes it with', () => {
    for (const host of [cluster.socketDir, '127.0.0.1']) {
      const without = psqlAs(['-h', host, '-p', String(port), ...query], false);
      assert.notEqual(without.status, 0, `${host}: let in without a password`);
      assert.match(without.stderr, /password/i, host);
      const withIt = psqlAs(['-h', host, '-p', String(port), ...query], true);
      assert.equal(withIt.status, 0, `${host}: ${withIt.stderr}`);
      assert.equal(withIt.stdout.trim(), '1');
    }
    // The topology's own psql (the e2e test's) passes the password.
    const own = cluster.psql('select current_user');
    assert.equal(own.status, 0, own.stderr);
    assert.equal(own.stdout.trim(), 'postgres');
    const hba = readFileSync(join(work, 'postgres', 'data', 'pg_hba.conf'), 'utf8');
    assert.doesNotMatch(hba.replace(/^#.*$/gm, ''), /trust|peer|ident/);
  });

  it('keeps its socket in a directory only its user reaches, the socket itself 0700', () => {
    assert.equal(modeOf(cluster.socketDir), 0o700);
    assert.equal(modeOf(join(work, 'postgres')), 0o700);
    const socket = readdirSync(cluster.socketDir).find((name) => name === `.s.PGSQL.${port}`);
    assert.ok(socket, 'the socket is in its directory');
    assert.equal(modeOf(join(cluster.socketDir, socket)), 0o700);
  });

  it('mends a cluster made before, whose pg_hba.conf trusted every local user', async () => {
    cluster.stop();
    writeFileSync(
      join(work, 'postgres', 'data', 'pg_hba.conf'),
      'local all all trust\nhost all all 127.0.0.1/32 trust\n',
    );
    cluster = await startPostgresCluster({ dir: join(work, 'postgres'), port, password, binDir });
    assert.equal(
      readFileSync(join(work, 'postgres', 'data', 'pg_hba.conf'), 'utf8'),
      hostBasedAuthentication,
    );
    assert.notEqual(psqlAs(['-h', cluster.socketDir, '-p', String(port), ...query], false).status, 0);
  });
});

describe("the topology's files hold what other local users must not read", () => {
  let work;
  before(() => {
    work = mkdtempSync(join(tmpdir(), 'topology-files-'));
  });
  after(() => rmSync(work, { recursive: true, force: true }));

  it('keeps each mail (reset links) 0600 in a 0700 directory, whatever the umask', async () => {
    const previous = process.umask(0o000);
    let sink;
    try {
      sink = await startSmtpSink({ port: await freePort(), dir: join(work, 'mail') });
      const socket = connect(Number(new URL(sink.url).port), '127.0.0.1');
      socket.setEncoding('utf8');
      let received = '';
      socket.on('data', (chunk) => {
        received += chunk;
      });
      await once(socket, 'connect');
      socket.write(
        'EHLO test\r\nMAIL FROM:<a@example.com>\r\nRCPT TO:<b@example.com>\r\nDATA\r\nSubject: Reset\r\n\r\nhttps://example.com/reset?token=secret\r\n.\r\nQUIT\r\n',
      );
      await once(socket, 'end');
      assert.match(received, /250 2\.0\.0 kept/);
    } finally {
      process.umask(previous);
      await sink?.close();
    }
    const mailDir = join(work, 'mail');
    assert.equal(modeOf(mailDir), 0o700);
    const files = readdirSync(mailDir);
    assert.equal(files.length, 1);
    assert.equal(modeOf(join(mailDir, files[0])), 0o600);
    assert.match(readFileSync(join(mailDir, files[0]), 'utf8'), /token=secret/);
  });

  it('keeps the secrets (database password, proxy secret) in a 0600 file, adding one an older file lacks', () => {
    const dir = join(work, 'data');
    rmSync(dir, { recursive: true, force: true });
    spawnSync('mkdir', ['-p', dir]);
    writeFileSync(
      join(dir, 'secrets.json'),
      JSON.stringify({ captchaHmacKey: 'c', ssoSecretKey: 's', postgresPassword: 'p' }),
      {
        mode: 0o644,
      },
    );
    const secrets = loadOrCreateSecrets(dir);
    assert.deepEqual(
      [secrets.captchaHmacKey, secrets.ssoSecretKey, secrets.postgresPassword],
      ['c', 's', 'p'],
    );
    assert.match(secrets.proxySecret, /^[0-9a-f]{64}$/);
    assert.equal(modeOf(join(dir, 'secrets.json')), 0o600);
    assert.deepEqual(loadOrCreateSecrets(dir), secrets, 'kept after');
  });
});
