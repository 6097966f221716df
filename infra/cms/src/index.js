const { seedFromSnapshot } = require('./seed');
const { ensureLocalEditor, ensureSiteBuildToken } = require('./access');
const { ensurePublisherWebhook } = require('./publisher-webhook');

/**
 * First start of the CMS: outside production, the local editor's account (editor@demo.dcipher.local and the demo
 * password unless CMS_EDITOR_EMAIL / CMS_EDITOR_PASSWORD say otherwise), the site build's read token with the
 * least permissions that work (written to .tmp/site-build-token for `npm run cms`), and the content of the site's
 * bundled snapshot, images included. Each step does nothing when already done. docs/decisions/0044.
 */
module.exports = {
  register() {},

  async bootstrap({ strapi }) {
    const production = process.env.DCIPHER_ENV === 'production';
    if (!production) await ensureLocalEditor(strapi);
    await ensureSiteBuildToken(strapi);
    if (!production && process.env.CMS_SEED !== 'off') await seedFromSnapshot(strapi);
    await ensurePublisherWebhook(strapi);
  },
};
