const crypto = require('node:crypto');

/** Content types with a page on the site: the others (customer logos) have nothing to preview. */
const previewable = new Set(['blog-post', 'customer-success-story', 'press-article', 'feature-update']);

module.exports = ({ env }) => {
  const previewUrl = env('CMS_PREVIEW_URL');
  const previewSecret = env('CMS_PREVIEW_SECRET');
  return {
    auth: { secret: env('ADMIN_JWT_SECRET') },
    apiToken: { salt: env('API_TOKEN_SALT') },
    transfer: { token: { salt: env('TRANSFER_TOKEN_SALT') } },
    secrets: { encryptionKey: env('ENCRYPTION_KEY') },
    // The tests run the content API only; editors get the admin panel (built on the first `npm run cms`).
    serveAdminPanel: env.bool('SERVE_ADMIN_PANEL', true),
    flags: { nps: false, promoteEE: false },
    // The preview button: a signed link, valid for an hour, to the publisher's preview of the drafts rendered by
    // the site's own build (infra/publisher/preview-links.mjs signs and checks the same way; docs/decisions/0046).
    preview: {
      enabled: Boolean(previewUrl && previewSecret),
      config: {
        allowedOrigins: previewUrl ? [new URL(previewUrl).origin] : [],
        async handler(uid, { documentId }) {
          const type = uid.split('.').pop();
          if (!previewable.has(type) || !documentId) return null;
          const expires = Math.floor(Date.now() / 1000) + 60 * 60;
          const signature = crypto
            .createHmac('sha256', previewSecret)
            .update(`preview:${type}:${documentId}:${expires}`)
            .digest('hex');
          return `${previewUrl}/__preview?type=${type}&documentId=${documentId}&expires=${expires}&signature=${signature}`;
        },
      },
    },
  };
};
