import { exportSPKI, generateKeyPair, SignJWT } from 'jose';
import { accessTokenAudience, accessTokenIssuer } from './access-token-claims.js';
import { createAccessTokenVerifier } from './access-token-verifier.js';

const userId = '4f1c2a7e-8b3d-4c9a-9e2f-1a2b3c4d5e6f';
const claims = {
  email: 'admin@demo.dcipher.local',
  organizationId: '0b7e4d2c-5a1f-4e8b-9c3d-2e4f6a8b0c1d',
  role: 'admin',
};

async function sign(
  privateKey: CryptoKey,
  expiresIn: string | number = '15m',
  header: { kid?: string; typ?: string } = { kid: 'k1', typ: 'at+jwt' },
  issuedAt: number = Math.floor(Date.now() / 1000),
) {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', ...header })
    .setSubject(userId)
    .setIssuer(accessTokenIssuer)
    .setAudience(accessTokenAudience)
    .setIssuedAt(issuedAt)
    .setExpirationTime(expiresIn)
    .sign(privateKey);
}

describe('access token verification (RS256)', () => {
  let ours: CryptoKeyPair;
  let theirs: CryptoKeyPair;
  let verify: ReturnType<typeof createAccessTokenVerifier>;

  beforeAll(async () => {
    ours = await generateKeyPair('RS256', { extractable: true });
    theirs = await generateKeyPair('RS256', { extractable: true });
    verify = createAccessTokenVerifier({ publicKeyPem: await exportSPKI(ours.publicKey) });
  });

  it('accepts a token signed by the configured key and returns its claims', async () => {
    await expect(verify(await sign(ours.privateKey))).resolves.toMatchObject({
      sub: userId,
      email: 'admin@demo.dcipher.local',
      role: 'admin',
      requiresPasswordChange: false,
    });
  });

  it('rejects a token signed by another key as invalid', async () => {
    await expect(verify(await sign(theirs.privateKey))).rejects.toMatchObject({ reason: 'invalid' });
  });

  it('reports an expired token as expired, so it can be refreshed', async () => {
    const expired = await sign(ours.privateKey, Math.floor(Date.now() / 1000) - 60);
    await expect(verify(expired)).rejects.toMatchObject({ reason: 'expired' });
  });

  it('rejects a wrong or missing typ, a missing or unknown kid, and an iat in the future', async () => {
    const strict = createAccessTokenVerifier({ publicKeyPem: await exportSPKI(ours.publicKey), kid: 'k1' });
    await expect(strict(await sign(ours.privateKey))).resolves.toMatchObject({ sub: userId });
    const now = Math.floor(Date.now() / 1000);
    for (const token of [
      await sign(ours.privateKey, '15m', { kid: 'k1', typ: 'JWT' }),
      await sign(ours.privateKey, '15m', { kid: 'k1' }),
      await sign(ours.privateKey, '15m', { typ: 'at+jwt' }),
      await sign(ours.privateKey, '15m', { kid: 'another-key', typ: 'at+jwt' }),
      await sign(ours.privateKey, now + 400 * 24 * 3600, { kid: 'k1', typ: 'at+jwt' }, now + 365 * 24 * 3600),
    ]) {
      await expect(strict(token)).rejects.toMatchObject({ reason: 'invalid' });
    }
    // A little clock difference between machines is tolerated.
    await expect(
      strict(await sign(ours.privateKey, now + 900, { kid: 'k1', typ: 'at+jwt' }, now + 30)),
    ).resolves.toMatchObject({ sub: userId });
  });

  it('rejects a correctly signed token whose ids are not UUIDs (they would reach SQL)', async () => {
    for (const changes of [{ sub: 'user-1' }, { organizationId: 'acme' }, { sid: 'session-1' }]) {
      const token = await new SignJWT({ ...claims, sub: userId, ...changes })
        .setProtectedHeader({ alg: 'RS256', kid: 'k1', typ: 'at+jwt' })
        .setIssuer(accessTokenIssuer)
        .setAudience(accessTokenAudience)
        .setIssuedAt()
        .setExpirationTime('15m')
        .sign(ours.privateKey);
      await expect(verify(token)).rejects.toMatchObject({ reason: 'invalid' });
    }
  });

  it('rejects a token that is not a JWT', async () => {
    await expect(verify('not-a-token')).rejects.toMatchObject({ reason: 'invalid' });
  });
});
