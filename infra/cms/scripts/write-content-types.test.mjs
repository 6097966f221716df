import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { strapiContentTypes } from '@dcipher/shared/content-model';
import { contentTypeFiles } from './write-content-types.mjs';

const cmsRoot = join(dirname(fileURLToPath(import.meta.url)), '..');

describe("the CMS project's content types", () => {
  it('are the one declaration of the content model, as write-content-types.mjs writes them', () => {
    const files = contentTypeFiles();
    assert.equal(files.size, strapiContentTypes.length * 4);
    for (const [relative, contents] of files) {
      const path = join(cmsRoot, relative);
      assert.ok(existsSync(path), `${relative} is committed`);
      assert.equal(readFileSync(path, 'utf8'), contents, `${relative} is what the declaration writes`);
    }
  });
});
