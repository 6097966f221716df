// engines: any
import assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Worker } from 'node:worker_threads';
import { loadOrCreateCaptchaHmacKey } from '../../modules/captcha/captcha-hmac-key.js';
import { loadOrCreateSigningKeys } from '../../modules/identity/signing-keys.js';
import { loadOrCreateSsoSecretKey } from '../../modules/sso/secret-box.js';
import { readOrCreateKeyFile } from './key-file.js';

describe('a key file made by the first process that needs it', () => {
  let directory: string;
  before(async () => {
    directory = await mkdtemp(path.join(tmpdir(), 'dcipher-key-files-'));
  });
  after(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  it('is one key for everyone asking at once, never read empty or half written, with no draft left', async () => {
    for (let round = 0; round < 20; round += 1) {
      const keyPath = path.join(directory, `round-${round}`, 'secret.key');
      const offered = Array.from(
        { length: 12 },
        (_, index) => `${String(index).padStart(2, '0')}${'k'.repeat(4096)}`,
      );
      const answers = await Promise.all(offered.map((key) => readOrCreateKeyFile(keyPath, key)));
      const stored = await readFile(keyPath, 'utf8');
      assert.ok(offered.includes(stored), 'the file holds one whole key that was offered');
      assert.deepEqual(new Set(answers), new Set([stored]), 'everyone uses the stored key');
      assert.deepEqual(await readdir(path.dirname(keyPath)), ['secret.key']);
    }
  });

  it('is never seen empty or half written by a process reading it while it is made', async () => {
    const paths = Array.from({ length: 150 }, (_, index) =>
      path.join(directory, `watched-${index}`, 'secret.key'),
    );
    const key = 'w'.repeat(64 * 1024);
    // Another thread reads every path over and over (as another process starting would) until told to stop, and
    // keeps what it found that was not the whole key.
    const stop = new Int32Array(new SharedArrayBuffer(4));
    const watcher = new Worker(
      `const { readFileSync } = require('node:fs');
       const { workerData, parentPort } = require('node:worker_threads');
       const { paths, length, stop } = workerData;
       const partial = [];
       let reads = 0;
       parentPort.postMessage('reading');
       while (Atomics.load(stop, 0) === 0) {
         for (const file of paths) {
           try {
             const text = readFileSync(file, 'utf8');
             reads += 1;
             if (text.length !== length) partial.push(text.length);
           } catch {}
         }
       }
       parentPort.postMessage({ partial, reads });`,
      { eval: true, workerData: { paths, length: key.length, stop } },
    );
    const messages: unknown[] = [];
    let heard: () => void = () => {};
    watcher.on('message', (message) => {
      messages.push(message);
      heard();
    });
    const next = async () => {
      while (messages.length === 0) await new Promise<void>((resolve) => (heard = resolve));
      return messages.shift();
    };
    // The files are made once the watcher reads.
    assert.equal(await next(), 'reading');
    for (const keyPath of paths) assert.equal(await readOrCreateKeyFile(keyPath, key), key);
    Atomics.store(stop, 0, 1);
    const { partial, reads } = (await next()) as { partial: number[]; reads: number };
    await watcher.terminate();
    assert.ok(reads > 0, 'the watcher read the files');
    assert.deepEqual(partial, [], 'lengths read that were not the whole key');
  });

  it('keeps a key that exists, whatever is offered', async () => {
    const keyPath = path.join(directory, 'kept.key');
    await writeFile(keyPath, 'existing\n');
    assert.equal(await readOrCreateKeyFile(keyPath, 'offered'), 'existing');
  });

  it('gives the replicas and the worker of one deployment, started at once, the same keys (signing, captcha, SSO)', async () => {
    const keysDir = path.join(directory, 'deployment', 'keys');
    const processes = await Promise.all(
      Array.from({ length: 6 }, async () => ({
        signing: (await loadOrCreateSigningKeys(keysDir)).kid,
        captcha: await loadOrCreateCaptchaHmacKey(undefined, keysDir),
        sso: (await loadOrCreateSsoSecretKey(undefined, keysDir)).toString('hex'),
      })),
    );
    for (const each of processes) assert.deepEqual(each, processes[0]);
    assert.equal(
      (await loadOrCreateSigningKeys(keysDir)).kid,
      processes[0]!.signing,
      'and on the next start',
    );
  });
});
