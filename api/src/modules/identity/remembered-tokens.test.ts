// engines: any
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { AccessTokenClaims } from '@dcipher/shared/auth';
import { rememberVerified } from './access-tokens.js';

const claimsFor = (token: string, expiresInSeconds = 600): AccessTokenClaims => ({
  sub: '00000000-0000-4000-8000-000000000001',
  sid: '00000000-0000-4000-8000-000000000002',
  email: `${token}@example.com`,
  organizationId: '00000000-0000-4000-8000-000000000003',
  role: 'admin',
  requiresPasswordChange: false,
  iat: Math.floor(Date.now() / 1000),
  exp: Math.floor(Date.now() / 1000) + expiresInSeconds,
});

function countingVerifier(valid: Map<string, AccessTokenClaims>) {
  const calls: string[] = [];
  const verify = async (token: string) => {
    calls.push(token);
    const claims = valid.get(token);
    if (!claims) throw new Error('invalid');
    return claims;
  };
  return { calls, verify };
}

describe('verified access tokens remembered by their text (issue 23 point 7)', () => {
  it('verifies a token once, then answers its claims from memory', async () => {
    const { calls, verify } = countingVerifier(new Map([['a', claimsFor('a')]]));
    const remembered = rememberVerified(verify);
    assert.equal((await remembered('a')).email, 'a@example.com');
    assert.equal((await remembered('a')).email, 'a@example.com');
    assert.deepEqual(calls, ['a']);
  });

  it('never remembers a token that failed: it is checked again every time', async () => {
    const { calls, verify } = countingVerifier(new Map());
    const remembered = rememberVerified(verify);
    await assert.rejects(remembered('forged'));
    await assert.rejects(remembered('forged'));
    assert.deepEqual(calls, ['forged', 'forged']);
  });

  it('checks a remembered token again once it has expired (and the verifier refuses it then)', async () => {
    const valid = new Map([['old', claimsFor('old', -1)]]);
    const { calls, verify } = countingVerifier(valid);
    const remembered = rememberVerified(verify);
    await remembered('old');
    valid.delete('old');
    await assert.rejects(remembered('old'));
    assert.deepEqual(calls, ['old', 'old']);
  });

  it('keeps at most its capacity, forgetting the oldest first', async () => {
    const valid = new Map(['a', 'b', 'c'].map((token) => [token, claimsFor(token)]));
    const { calls, verify } = countingVerifier(valid);
    const remembered = rememberVerified(verify, 2);
    for (const token of ['a', 'b', 'c', 'c', 'b', 'a']) await remembered(token);
    assert.deepEqual(calls, ['a', 'b', 'c', 'a']);
  });
});
