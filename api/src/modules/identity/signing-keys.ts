import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { calculateJwkThumbprint, exportJWK, exportPKCS8, exportSPKI, generateKeyPair, type JWK } from 'jose';

export const signingAlgorithm = 'RS256';

export interface SigningKeys {
  privateKey: KeyObject;
  publicKeyPem: string;
  /** RFC 7638 thumbprint of the public key: changes exactly when the key does. */
  kid: string;
  /** The public half as a JSON Web Key Set, served at /.well-known/jwks.json. */
  jwks: { keys: JWK[] };
}

const privateKeyFile = 'access-token-private.pem';
const publicKeyFile = 'access-token-public.pem';

/**
 * The RS256 pair access tokens are signed with. With a directory, the pair generated on first start is kept
 * there as PEM files (the private one readable by the owner only) and reused afterwards, so tokens survive
 * restarts; without one, a new pair lives in memory until the process ends.
 */
export async function loadOrCreateSigningKeys(keysDir?: string): Promise<SigningKeys> {
  if (!keysDir) return describeKeys(await generatePrivateKeyPem());

  const privateKeyPath = path.join(keysDir, privateKeyFile);
  let privateKeyPem = await readIfPresent(privateKeyPath);
  if (privateKeyPem === undefined) {
    await mkdir(keysDir, { recursive: true, mode: 0o700 });
    const generated = await generatePrivateKeyPem();
    try {
      // `wx`: if another process created the key meanwhile, keep theirs.
      await writeFile(privateKeyPath, generated, { mode: 0o600, flag: 'wx' });
      privateKeyPem = generated;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      privateKeyPem = await readFile(privateKeyPath, 'utf8');
    }
  }

  const keys = await describeKeys(privateKeyPem);
  // The public key is derived from the private one; the file is for whoever configures a verifier with a PEM.
  const publicKeyPath = path.join(keysDir, publicKeyFile);
  if ((await readIfPresent(publicKeyPath)) !== keys.publicKeyPem) {
    await writeFile(publicKeyPath, keys.publicKeyPem, { mode: 0o644 });
  }
  return keys;
}

async function generatePrivateKeyPem(): Promise<string> {
  const { privateKey } = await generateKeyPair(signingAlgorithm, { modulusLength: 2048, extractable: true });
  return exportPKCS8(privateKey);
}

async function describeKeys(privateKeyPem: string): Promise<SigningKeys> {
  const privateKey = createPrivateKey(privateKeyPem);
  const publicKey = createPublicKey(privateKey);
  const publicJwk = await exportJWK(publicKey);
  const kid = await calculateJwkThumbprint(publicJwk);
  return {
    privateKey,
    publicKeyPem: await exportSPKI(publicKey),
    kid,
    jwks: { keys: [{ ...publicJwk, kid, alg: signingAlgorithm, use: 'sig' }] },
  };
}

async function readIfPresent(filePath: string): Promise<string | undefined> {
  try {
    return await readFile(filePath, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
