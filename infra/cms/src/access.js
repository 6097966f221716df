const fs = require('node:fs');
const path = require('node:path');

const tokenName = 'Site build (read-only)';
/** Beside the database it belongs to (CMS_TOKEN_FILE), so CMS databases never hand each other a token. */
const tokenFile = path.resolve(__dirname, '..', process.env.CMS_TOKEN_FILE || '.tmp/site-build-token');

/** The content types the site reads: its token may find and findOne these, nothing else of the content API. */
const siteContentTypes = [
  'blog-post',
  'customer-success-story',
  'press-article',
  'feature-update',
  'customer',
];

/**
 * The permissions gatsby-source-strapi needs, and no more: find and findOne on the five content types, and the
 * content-type builder's read of the schemas it asks for first (`GET /api/content-type-builder/content-types`).
 * A Strapi "read-only" token lacks that last one, which is why it answers 403 (issue 14).
 */
const siteBuildPermissions = [
  ...siteContentTypes.flatMap((name) => [`api::${name}.${name}.find`, `api::${name}.${name}.findOne`]),
  'plugin::content-type-builder.content-types.getContentTypes',
  'plugin::content-type-builder.content-types.getContentType',
  'plugin::content-type-builder.components.getComponents',
  'plugin::content-type-builder.components.getComponent',
  'plugin::upload.content-api.find',
  'plugin::upload.content-api.findOne',
];

async function ensureLocalEditor(strapi) {
  const users = strapi.service('admin::user');
  if (await users.exists()) return;
  const email = process.env.CMS_EDITOR_EMAIL || 'editor@demo.dcipher.local';
  const password = process.env.CMS_EDITOR_PASSWORD || 'Dcipher-demo-2026!';
  const superAdmin = await strapi.service('admin::role').getSuperAdmin();
  await users.create({
    email,
    firstname: 'Eddie',
    lastname: 'Editor',
    password,
    isActive: true,
    registrationToken: null,
    roles: superAdmin ? [superAdmin.id] : [],
  });
  strapi.log.info(`CMS: created the local editor account ${email} (outside production only)`);
}

/**
 * The site build's token, created once; Strapi shows a token's value only when it is made (or regenerated), so
 * it is written to .tmp/site-build-token for the local scripts. When that file is gone or holds another token
 * (another database's), the token is regenerated.
 */
async function ensureSiteBuildToken(strapi) {
  const tokens = strapi.service('admin::api-token');
  const existing = await tokens.getByName(tokenName);
  const kept = fs.existsSync(tokenFile) ? fs.readFileSync(tokenFile, 'utf8').trim() : undefined;
  if (existing && kept) {
    const matches = await strapi.db
      .query('admin::api-token')
      .findOne({ where: { id: existing.id, accessKey: tokens.hash(kept) } });
    if (matches) return;
  }
  let accessKey;
  if (existing) {
    ({ accessKey } = await tokens.regenerate(existing.id));
  } else {
    ({ accessKey } = await tokens.create({
      name: tokenName,
      description:
        'Read by the site build (gatsby-source-strapi): published entries, media and content types',
      type: 'custom',
      lifespan: null,
      permissions: siteBuildPermissions,
    }));
  }
  fs.mkdirSync(path.dirname(tokenFile), { recursive: true });
  fs.writeFileSync(tokenFile, accessKey, { mode: 0o600 });
  strapi.log.info(`CMS: the site build's read token is in ${tokenFile}`);
}

module.exports = {
  ensureLocalEditor,
  ensureSiteBuildToken,
  siteBuildPermissions,
  siteContentTypes,
  tokenFile,
};
