import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('has defaults for a local start', () => {
    const config = loadConfig({});
    assert.equal(config.environment, 'development');
    assert.equal(config.host, '127.0.0.1');
    assert.equal(config.port, 4000);
    assert.deepEqual(config.corsOrigins, ['http://localhost:8000', 'http://localhost:3001']);
    assert.equal(config.accessTokenTtlSeconds, 900);
    assert.equal(config.refreshTokenTtlSeconds, 43_200);
    assert.equal(config.staySignedInTtlSeconds, 1_209_600);
    assert.equal(config.database.kind, 'pglite');
    assert.ok(config.keysDir?.endsWith(path.join('.data', 'keys')));
  });

  it('reads every variable', () => {
    const config = loadConfig({
      DCIPHER_ENV: 'production',
      API_HOST: '0.0.0.0',
      API_PORT: '8080',
      DATABASE_URL: 'postgres://dcipher:secret@db:5432/dcipher',
      DATA_DIR: '/var/lib/dcipher',
      CORS_ORIGINS: 'https://www.dcipher.io, https://account.dcipher.io',
      ACCESS_TOKEN_TTL_SECONDS: '300',
      REFRESH_TOKEN_TTL_SECONDS: '3600',
      STAY_SIGNED_IN_TTL_SECONDS: '86400',
    });
    assert.deepEqual(config, {
      environment: 'production',
      host: '0.0.0.0',
      port: 8080,
      database: { kind: 'postgres', url: 'postgres://dcipher:secret@db:5432/dcipher' },
      keysDir: '/var/lib/dcipher/keys',
      corsOrigins: ['https://www.dcipher.io', 'https://account.dcipher.io'],
      accessTokenTtlSeconds: 300,
      refreshTokenTtlSeconds: 3600,
      staySignedInTtlSeconds: 86_400,
    });
  });

  it('keeps database and keys in memory for DATA_DIR=memory://', () => {
    const config = loadConfig({ DATA_DIR: 'memory://' });
    assert.deepEqual(config.database, { kind: 'pglite', dataDir: undefined });
    assert.equal(config.keysDir, undefined);
  });

  it('puts PGlite files under DATA_DIR', () => {
    const config = loadConfig({ DATA_DIR: '/tmp/dcipher-data' });
    assert.deepEqual(config.database, { kind: 'pglite', dataDir: '/tmp/dcipher-data/pglite' });
  });

  it('treats an empty variable as unset', () => {
    assert.equal(loadConfig({ API_PORT: '' }).port, 4000);
  });

  it('fails naming the variable for a bad API_PORT', () => {
    assert.throws(
      () => loadConfig({ API_PORT: 'abc' }),
      (error) =>
        error instanceof ConfigError && /API_PORT/.test(error.message) && error.message.includes('"abc"'),
    );
    assert.throws(
      () => loadConfig({ API_PORT: '70000' }),
      /API_PORT must be a whole number between 1 and 65535/,
    );
  });

  it('names every bad variable at once', () => {
    assert.throws(
      () => loadConfig({ DCIPHER_ENV: 'prod', DATABASE_URL: 'mysql://x', CORS_ORIGINS: 'localhost:8000' }),
      (error) =>
        error instanceof ConfigError &&
        ['DCIPHER_ENV', 'DATABASE_URL', 'CORS_ORIGINS'].every((name) => error.message.includes(name)),
    );
  });
});
