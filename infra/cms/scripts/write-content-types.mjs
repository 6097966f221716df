// Writes the CMS's content types (src/api/<name>/...) from the site's one declaration of the content model
// (`@dcipher/shared/content-model`): each type's schema.json and its REST router, controller and
// service (Strapi's core factories). `npm run cms` runs it before Strapi starts; a test checks the committed files
// are what it writes, so the CMS and the site cannot drift apart.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { strapiContentTypes } from '@dcipher/shared/content-model';

const cmsRoot = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Every file the content model makes, by path relative to the CMS project. */
export function contentTypeFiles() {
  const files = new Map();
  for (const { schema } of strapiContentTypes) {
    const name = schema.singularName;
    const uid = `api::${name}.${name}`;
    const base = join('src', 'api', name);
    const schemaJson = {
      kind: schema.kind,
      collectionName: schema.pluralName.replace(/-/g, '_'),
      info: { singularName: name, pluralName: schema.pluralName, displayName: schema.displayName },
      options: { draftAndPublish: schema.draftAndPublish },
      pluginOptions: {},
      attributes: schema.attributes,
    };
    files.set(join(base, 'content-types', name, 'schema.json'), `${JSON.stringify(schemaJson, null, 2)}\n`);
    for (const [kind, factory] of [
      ['routes', 'createCoreRouter'],
      ['controllers', 'createCoreController'],
      ['services', 'createCoreService'],
    ]) {
      files.set(
        join(base, kind, `${name}.js`),
        `// Written by scripts/write-content-types.mjs from the site's content model; do not edit.\nconst { factories } = require('@strapi/strapi');\n\nmodule.exports = factories.${factory}('${uid}');\n`,
      );
    }
  }
  return files;
}

/** Writes the files that differ; answers the paths written. */
export function writeContentTypes() {
  const written = [];
  for (const [relative, contents] of contentTypeFiles()) {
    const target = join(cmsRoot, relative);
    let current;
    try {
      current = readFileSync(target, 'utf8');
    } catch {
      current = undefined;
    }
    if (current === contents) continue;
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, contents);
    written.push(relative);
  }
  return written;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const written = writeContentTypes();
  console.log(
    written.length > 0 ? `Content types written: ${written.join(', ')}` : 'Content types up to date',
  );
}
