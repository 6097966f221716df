// engines: any
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ConfigError, loadConfig } from '../../config.js';

const miro = {
  MIRO_CLIENT_ID: 'miro-id',
  MIRO_CLIENT_SECRET: 'miro-very-secret',
  MIRO_REDIRECT_URI: 'https://app.dcipher.io/miro/callback',
};

const failsWith = (env: Record<string, string>, pattern: RegExp, notContaining?: string) =>
  assert.throws(
    () => loadConfig(env),
    (error: unknown) =>
      error instanceof ConfigError &&
      pattern.test(error.message) &&
      (notContaining === undefined || !error.message.includes(notContaining)),
  );

describe('integration settings (MIRO_*, SURVEYMONKEY_*)', () => {
  it('leaves both providers unconfigured by default', () => {
    assert.deepEqual(loadConfig({}).integrations, {});
  });

  it("configures a provider from its id, secret and redirect URI, with the provider's token URL", () => {
    assert.deepEqual(loadConfig(miro).integrations, {
      miro: {
        clientId: 'miro-id',
        clientSecret: 'miro-very-secret',
        redirectUri: 'https://app.dcipher.io/miro/callback',
        tokenUrl: 'https://api.miro.com/v1/oauth/token',
      },
    });
    const local = loadConfig({
      SURVEYMONKEY_CLIENT_ID: 'sm-id',
      SURVEYMONKEY_CLIENT_SECRET: 'sm-secret',
      SURVEYMONKEY_REDIRECT_URI: 'http://localhost:8000/surveymonkey',
      SURVEYMONKEY_TOKEN_URL: 'http://127.0.0.1:9999/token',
    });
    assert.equal(local.integrations.surveymonkey?.tokenUrl, 'http://127.0.0.1:9999/token');
    assert.equal(local.integrations.miro, undefined);
  });

  it('names the missing variables when only some of a provider are set, without echoing the secret', () => {
    failsWith(
      { MIRO_CLIENT_SECRET: 'miro-very-secret' },
      /MIRO_CLIENT_ID and MIRO_REDIRECT_URI must be set too: .*enable Miro together/,
      'miro-very-secret',
    );
  });

  it('refuses a redirect or token URL that is not http(s), and a secret with spaces (not echoed)', () => {
    failsWith(
      { ...miro, MIRO_REDIRECT_URI: 'ftp://x' },
      /MIRO_REDIRECT_URI must be an http:\/\/ or https:\/\/ URL/,
    );
    failsWith({ ...miro, MIRO_TOKEN_URL: 'not a url' }, /MIRO_TOKEN_URL must be an http/);
    failsWith(
      { ...miro, MIRO_CLIENT_SECRET: 'has a space' },
      /MIRO_CLIENT_SECRET must be the client secret the provider issued/,
      'has a space',
    );
  });

  it('requires an https token URL in production, where the secret is sent to it', () => {
    failsWith(
      { DCIPHER_ENV: 'production', ...miro, MIRO_TOKEN_URL: 'http://tokens.example.com/' },
      /MIRO_TOKEN_URL must be an https:\/\/ URL in production/,
    );
  });
});
