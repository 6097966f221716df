// engines: any
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { accessTokenAudience, accessTokenIssuer } from '@dcipher/shared/auth';
import {
  decodeJwt,
  decodeProtectedHeader,
  exportJWK,
  exportSPKI,
  generateKeyPair,
  importPKCS8,
  SignJWT,
} from 'jose';
import { paymentMethodBody } from '../../test-support/payment-method-body.js';
import { individualSignUp, signUp } from '../../test-support/sign-up.js';

type SigningKey = Awaited<ReturnType<typeof importPKCS8>>;

import { logIn, startTestServer, type TestServer } from '../../test-support/test-server.js';

/**
 * Tokens an attacker might try on a bearer endpoint (issue 11): forged, confused and replayed ones. Each must be
 * refused with 401 on `GET /account`. The server's real private key is read from its key directory so the test
 * can sign tokens that are right in every way but one.
 */
describe('JWT attacks on a bearer endpoint', () => {
  let server: TestServer;
  let keysDir: string;
  let privateKey: SigningKey;
  let publicKeyPem: string;
  let kid: string;
  let valid: { accessToken: string; refreshToken: string };

  before(async () => {
    keysDir = mkdtempSync(path.join(tmpdir(), 'jwt-attacks-'));
    server = await startTestServer({ keysDir });
    privateKey = await importPKCS8(
      readFileSync(path.join(keysDir, 'access-token-private.pem'), 'utf8'),
      'RS256',
    );
    publicKeyPem = readFileSync(path.join(keysDir, 'access-token-public.pem'), 'utf8');
    valid = await logIn(server.app);
    kid = decodeProtectedHeader(valid.accessToken).kid as string;
  });
  after(async () => {
    await server.close();
    rmSync(keysDir, { recursive: true, force: true });
  });

  const getAccount = (token: string) =>
    server.app.inject({ method: 'GET', url: '/account', headers: { authorization: `Bearer ${token}` } });

  /** The valid token's claims, re-signed with `header` and `claims` changes. */
  const claims = () => decodeJwt(valid.accessToken);
  const resign = (
    changes: { header?: Record<string, unknown>; claims?: Record<string, unknown> } = {},
    key: SigningKey | Uint8Array = privateKey,
  ) => {
    const header = { alg: 'RS256', typ: 'at+jwt', kid, ...changes.header };
    return new SignJWT({ ...claims(), ...changes.claims })
      .setProtectedHeader(header as { alg: string })
      .sign(key);
  };
  const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const now = () => Math.floor(Date.now() / 1000);

  it('accepts the genuine token (the control)', async () => {
    assert.equal((await getAccount(valid.accessToken)).statusCode, 200);
    assert.equal((await getAccount(await resign())).statusCode, 200, 're-signing alone changes nothing');
  });

  const attacks: [string, () => Promise<string> | string][] = [
    ['alg none', () => `${base64url({ alg: 'none', typ: 'at+jwt', kid })}.${base64url(claims())}.`],
    [
      'HS256 signed with the public key (PEM)',
      () => resign({ header: { alg: 'HS256' } }, new TextEncoder().encode(publicKeyPem)),
    ],
    [
      'HS256 signed with the public key (JWK)',
      async () => {
        const { createPublicKey } = await import('node:crypto');
        const jwk = await exportJWK(createPublicKey(publicKeyPem));
        return resign({ header: { alg: 'HS256' } }, new TextEncoder().encode(JSON.stringify(jwk)));
      },
    ],
    ['expired', () => resign({ claims: { iat: now() - 7200, exp: now() - 3600 } })],
    ['wrong issuer', () => resign({ claims: { iss: 'https://attacker.example' } })],
    ['wrong audience', () => resign({ claims: { aud: 'dcipher-payment-setup' } })],
    [
      'issuer and audience swapped',
      () => resign({ claims: { iss: accessTokenAudience, aud: accessTokenIssuer } }),
    ],
    ['typ JWT instead of at+jwt', () => resign({ header: { typ: 'JWT' } })],
    ['no typ', () => resign({ header: { typ: undefined } })],
    ['unknown kid', () => resign({ header: { kid: 'not-our-key' } })],
    ['no kid', () => resign({ header: { kid: undefined } })],
    [
      'signed by another RSA key with our kid',
      async () => resign({}, (await generateKeyPair('RS256')).privateKey),
    ],
    [
      'iat a year ahead',
      () => resign({ claims: { iat: now() + 365 * 24 * 3600, exp: now() + 366 * 24 * 3600 } }),
    ],
    ['no exp', () => resign({ claims: { exp: undefined } })],
    ['the refresh token', () => valid.refreshToken],
    [
      'a payment-setup token (sign-up step 2)',
      async () => {
        const response = await signUp(
          server.app,
          individualSignUp({ email: 'jwt-attack-payment@example.com' }),
          '10.9.0.1',
        );
        assert.equal(response.statusCode, 201, response.body);
        return response.json().paymentSetupToken;
      },
    ],
    // Right in every way, signed with our key, but an id that is no UUID: refused before any SQL (was a 500).
    ['sub not a UUID', () => resign({ claims: { sub: "1' or '1'='1" } })],
    ['sub a number', () => resign({ claims: { sub: 42 } })],
    ['sid not a UUID', () => resign({ claims: { sid: 'session' } })],
    ['organizationId not a UUID', () => resign({ claims: { organizationId: 'acme' } })],
    ['an empty token', () => ''],
    ['garbage', () => 'a.b.c'],
  ];

  for (const [name, makeToken] of attacks) {
    it(`refuses ${name} with 401`, async () => {
      const token = await makeToken();
      const response = await getAccount(token);
      assert.equal(response.statusCode, 401, `${name}: ${response.body.slice(0, 200)}`);
      assert.doesNotMatch(response.body, /"Ada"|demo\.dcipher\.local/i, 'nothing of the account leaks');
    });
  }

  it('answers a forged payment-setup token whose ids are no UUIDs with 401 on POST /credit-cards', async () => {
    const token = await new SignJWT({ organizationId: 'not-an-organization' })
      .setProtectedHeader({ alg: 'RS256', typ: 'payment-setup+jwt', kid })
      .setSubject('not-a-user')
      .setIssuer(accessTokenIssuer)
      .setAudience('dcipher-payment-setup')
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(privateKey);
    const response = await server.app.inject({
      method: 'POST',
      url: '/credit-cards',
      headers: { authorization: `Bearer ${token}` },
      payload: paymentMethodBody({
        cardHolder: 'Ada Lovelace',
        cardNumber: '4242 4242 4242 4242',
        address: '12 St James Square, London',
        country: 'GB',
        billingType: 'Individual',
      }),
    });
    assert.equal(response.statusCode, 401, response.body);
  });

  it('answers POST /verifyToken for a token whose sub is no UUID with valid: false, not 500', async () => {
    const token = await resign({ claims: { sub: 'not-a-uuid' } });
    const response = await server.app.inject({ method: 'POST', url: '/verifyToken', payload: { token } });
    assert.deepEqual([response.statusCode, response.json()], [200, { valid: false }]);
  });

  it('refuses the public key itself (PEM export of a public key) as a bearer', async () => {
    const { publicKey } = await generateKeyPair('RS256', { extractable: true });
    assert.equal((await getAccount(await exportSPKI(publicKey))).statusCode, 401);
  });
});
