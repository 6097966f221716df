/** @jest-environment node */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { contentEntrySchemas } from '@dcipher/shared/content';
import { contentTypeDefs } from './source-content.mjs';
import { strapiContentTypes } from './strapi-content-types.mjs';

// The content model is declared once (strapi-content-types.mjs); these checks hold every other place that names
// its fields to that declaration, so a field added in one place and forgotten in another fails here.
const cmsRoot = join(__dirname, '..', '..', '..', 'infra', 'cms');
const systemFields = ['id', 'documentId', 'createdAt', 'updatedAt', 'publishedAt', 'locale'];

describe('the one content model', () => {
  it('the raw schemas read every declared field of every collection, and nothing else', () => {
    for (const { schema } of strapiContentTypes) {
      const raw = contentEntrySchemas[schema.pluralName as keyof typeof contentEntrySchemas];
      expect(raw).toBeDefined();
      const rawFields = Object.keys(raw.entries).filter((field) => !systemFields.includes(field));
      expect(rawFields.sort()).toEqual(Object.keys(schema.attributes).sort());
    }
    expect(Object.keys(contentEntrySchemas).sort()).toEqual(
      strapiContentTypes.map(({ schema }) => schema.pluralName).sort(),
    );
  });

  it("the CMS project's content types are the declaration, as scripts/write-content-types.mjs writes them", async () => {
    const { contentTypeFiles } = await import('../../../infra/cms/scripts/write-content-types.mjs');
    const files: Map<string, string> = contentTypeFiles();
    expect(files.size).toBe(strapiContentTypes.length * 4);
    for (const [relative, contents] of files) {
      const path = join(cmsRoot, relative);
      expect(existsSync(path)).toBe(true);
      expect(readFileSync(path, 'utf8')).toBe(contents);
    }
  });

  it('the GraphQL types the pages query exist for every kind of content', () => {
    for (const type of ['ContentArticle', 'ContentFeatureUpdate', 'ContentCustomerLogo']) {
      expect(contentTypeDefs).toContain(`type ${type} implements Node`);
    }
  });
});
