/** @jest-environment node */
import { contentTypeDefs } from './source-content.mjs';

// The content model is declared once (`@dcipher/shared/content-model`); the site's GraphQL types must cover it.
describe('the content types the site queries', () => {
  it('the GraphQL types the pages query exist for every kind of content', () => {
    for (const type of ['ContentArticle', 'ContentFeatureUpdate', 'ContentCustomerLogo']) {
      expect(contentTypeDefs).toContain(`type ${type} implements Node`);
    }
  });
});
