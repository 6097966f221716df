import { exportSPKI, generateKeyPair, SignJWT } from 'jose';
import { accessTokenAudience, accessTokenIssuer } from './access-token-claims.js';
import { createAccessTokenVerifier } from './access-token-verifier.js';

const claims = { email: 'admin@demo.dcipher.local', organizationId: 'org-1', role: 'admin' };

async function sign(privateKey: CryptoKey, expiresIn: string | number = '15m') {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
    .setSubject('user-1')
    .setIssuer(accessTokenIssuer)
    .setAudience(accessTokenAudience)
    .setIssuedAt()
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
      sub: 'user-1',
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

  it('rejects a token that is not a JWT', async () => {
    await expect(verify('not-a-token')).rejects.toMatchObject({ reason: 'invalid' });
  });
});
