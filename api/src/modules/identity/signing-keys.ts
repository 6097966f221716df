import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { calculateJwkThumbprint, exportJWK, exportPKCS8, exportSPKI, generateKeyPair, type JWK } from 'jose';
import { readIfPresent, readOrCreateKeyFile } from '../../adapters/key-files/key-file.js';

export const signingAlgorithm = 'RS256';

/** One RS256 pair: the private half signs, the public half verifies and is published in the JWKS. */
export interface SigningKey {
  /** RFC 7638 thumbprint of the public key: changes exactly when the key does. */
  kid: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
  publicKeyPem: string;
  jwk: JWK;
}

/**
 * The keys tokens are signed and verified with (docs/decisions/0074): the current one signs; keys retired by a
 * rotation still verify, and stay in the JWKS, until every token they signed has expired. `kid`, `privateKey` and
 * `publicKeyPem` are the current key's, read at each use, so a rotation takes effect at the next token.
 */
export interface SigningKeys {
  readonly kid: string;
  readonly privateKey: KeyObject;
  readonly publicKeyPem: string;
  /** The public keys that verify, current first, served at /.well-known/jwks.json. */
  readonly jwks: { keys: JWK[] };
  /**
   * The public key named `kid` while it verifies. A kid this process does not know makes it read the directory
   * again if the current key file changed since it last did: another process may have rotated.
   */
  publicKeyFor(kid: string | undefined): Promise<KeyObject | undefined>;
  /** Reads the directory again: picks up a rotation made by another process, drops keys past their time. */
  reload(): Promise<void>;
}

const privateKeyFile = 'access-token-private.pem';
const publicKeyFile = 'access-token-public.pem';
/** Where rotated-out keys wait until the tokens they signed have expired: `<kid>.pem` and `<kid>.json`. */
const retiredDir = 'retired';

/**
 * How long a retired key keeps verifying: the longest lifetime of anything it signs (access tokens' TTL is at most
 * a day by configuration; payment-setup tokens 30 minutes; research-bot tokens 5 minutes), plus clock leeway.
 */
export const defaultRetiredKeyLifetimeSeconds = 24 * 60 * 60 + 5 * 60;

interface Options {
  /** How long a retired key still verifies. */
  retiredKeyLifetimeSeconds?: number;
  now?: () => Date;
}

/**
 * The key ring. With a directory, the pair generated on first start is kept there as PEM files (the private one
 * readable by the owner only) and reused afterwards, so tokens survive restarts, and every process using the
 * directory reads rotations from it; without one, a new pair lives in memory until the process ends.
 */
export async function loadOrCreateSigningKeys(keysDir?: string, options: Options = {}): Promise<SigningKeys> {
  const lifetimeMs = (options.retiredKeyLifetimeSeconds ?? defaultRetiredKeyLifetimeSeconds) * 1000;
  const now = options.now ?? (() => new Date());
  let current: SigningKey;
  let retired: { key: SigningKey; retiredAt: Date }[] = [];
  let loadedChangedAt: number | undefined;

  async function load() {
    if (!keysDir) return;
    loadedChangedAt = await currentKeyChangedAt(keysDir);
    current = await describeKey(await readOrCreateCurrent(keysDir));
    retired = (await readRetired(keysDir)).filter(
      (entry) => entry.key.kid !== current.kid && now().getTime() - entry.retiredAt.getTime() < lifetimeMs,
    );
  }

  if (keysDir) await load();
  else current = await describeKey(await generatePrivateKeyPem());

  const live = () => [
    current,
    ...retired
      .filter((entry) => now().getTime() - entry.retiredAt.getTime() < lifetimeMs)
      .map((entry) => entry.key),
  ];

  return {
    get kid() {
      return current.kid;
    },
    get privateKey() {
      return current.privateKey;
    },
    get publicKeyPem() {
      return current.publicKeyPem;
    },
    get jwks() {
      return { keys: live().map((key) => key.jwk) };
    },
    async publicKeyFor(kid) {
      if (typeof kid !== 'string') return undefined;
      const known = live().find((key) => key.kid === kid);
      if (known || !keysDir) return known?.publicKey;
      // Only a changed key file is read again: unknown kids of forged tokens cost one stat, not a directory read.
      if ((await currentKeyChangedAt(keysDir)) === loadedChangedAt) return undefined;
      await load();
      return live().find((key) => key.kid === kid)?.publicKey;
    },
    reload: load,
  };
}

/**
 * Rotates the keys of a directory: a new pair becomes current and the old one is retired (it still verifies for
 * `retiredKeyLifetimeSeconds`); retired keys past that time are deleted. Processes pick the new key up when they
 * next reload (`SigningKeys.reload`, or a token naming it). Answers the new and the retired kids.
 */
export async function rotateSigningKeys(
  keysDir: string,
  options: Options = {},
): Promise<{ kid: string; retiredKid: string; deleted: string[] }> {
  const lifetimeMs = (options.retiredKeyLifetimeSeconds ?? defaultRetiredKeyLifetimeSeconds) * 1000;
  const now = options.now ?? (() => new Date());
  const old = await describeKey(await readOrCreateCurrent(keysDir));
  const retiredPath = path.join(keysDir, retiredDir);
  await mkdir(retiredPath, { recursive: true, mode: 0o700 });
  await writeFile(path.join(retiredPath, `${old.kid}.pem`), await exportPKCS8Of(old), { mode: 0o600 });
  await writeFile(
    path.join(retiredPath, `${old.kid}.json`),
    `${JSON.stringify({ kid: old.kid, retiredAt: now().toISOString() })}\n`,
    { mode: 0o600 },
  );
  const generated = await generatePrivateKeyPem();
  // Written beside and renamed over: a process reading the directory meanwhile sees the old key or the new one.
  const temporary = path.join(keysDir, `${privateKeyFile}.${process.pid}.tmp`);
  await writeFile(temporary, generated, { mode: 0o600 });
  await rename(temporary, path.join(keysDir, privateKeyFile));
  const fresh = await describeKey(generated);
  await writeFile(path.join(keysDir, publicKeyFile), fresh.publicKeyPem, { mode: 0o644 });
  const deleted: string[] = [];
  for (const entry of await readRetired(keysDir)) {
    if (now().getTime() - entry.retiredAt.getTime() < lifetimeMs) continue;
    await rm(path.join(retiredPath, `${entry.key.kid}.pem`), { force: true });
    await rm(path.join(retiredPath, `${entry.key.kid}.json`), { force: true });
    deleted.push(entry.key.kid);
  }
  return { kid: fresh.kid, retiredKid: old.kid, deleted };
}

async function readOrCreateCurrent(keysDir: string): Promise<string> {
  const privateKeyPath = path.join(keysDir, privateKeyFile);
  const existing = await readIfPresent(privateKeyPath);
  if (existing !== undefined) return existing;
  const generated = await generatePrivateKeyPem();
  const current = await readOrCreateKeyFile(privateKeyPath, generated);
  // The public key is derived from the private one; the file is for whoever configures a verifier with a PEM.
  if (current === generated.trim()) {
    await writeFile(path.join(keysDir, publicKeyFile), (await describeKey(generated)).publicKeyPem, {
      mode: 0o644,
    });
  }
  return current;
}

async function readRetired(keysDir: string): Promise<{ key: SigningKey; retiredAt: Date }[]> {
  const retiredPath = path.join(keysDir, retiredDir);
  let names: string[];
  try {
    names = await readdir(retiredPath);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const entries: { key: SigningKey; retiredAt: Date }[] = [];
  for (const name of names.filter((entry) => entry.endsWith('.json'))) {
    const kid = name.slice(0, -'.json'.length);
    const pem = await readIfPresent(path.join(retiredPath, `${kid}.pem`));
    const note = await readIfPresent(path.join(retiredPath, name));
    if (pem === undefined || note === undefined) continue;
    const retiredAt = new Date((JSON.parse(note) as { retiredAt?: string }).retiredAt ?? 0);
    if (Number.isNaN(retiredAt.getTime())) continue;
    entries.push({ key: await describeKey(pem), retiredAt });
  }
  return entries;
}

async function generatePrivateKeyPem(): Promise<string> {
  const { privateKey } = await generateKeyPair(signingAlgorithm, { modulusLength: 2048, extractable: true });
  return exportPKCS8(privateKey);
}

async function exportPKCS8Of(key: SigningKey): Promise<string> {
  return key.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
}

async function describeKey(privateKeyPem: string): Promise<SigningKey> {
  const privateKey = createPrivateKey(privateKeyPem);
  const publicKey = createPublicKey(privateKey);
  const publicJwk = await exportJWK(publicKey);
  const kid = await calculateJwkThumbprint(publicJwk);
  return {
    kid,
    privateKey,
    publicKey,
    publicKeyPem: await exportSPKI(publicKey),
    jwk: { ...publicJwk, kid, alg: signingAlgorithm, use: 'sig' },
  };
}

/** When the current key file last changed: how a process notices a rotation without reading the keys. */
export async function currentKeyChangedAt(keysDir: string): Promise<number | undefined> {
  try {
    return (await stat(path.join(keysDir, privateKeyFile))).mtimeMs;
  } catch {
    return undefined;
  }
}
