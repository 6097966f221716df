import { contentEntrySchemas } from '../content/index.js';
import { strapiContentTypes } from './index.js';

const systemFields = ['id', 'documentId', 'createdAt', 'updatedAt', 'publishedAt', 'locale'];

// The content model is declared once (this folder); these checks hold every other place that names its fields to
// that declaration, so a field added in one place and forgotten in another fails here.
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
});
