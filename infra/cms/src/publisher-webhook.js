const webhookName = 'Site publisher';

/** The events that change the site or its draft preview (a draft's create and update rebuild the preview only). */
const events = [
  'entry.create',
  'entry.publish',
  'entry.unpublish',
  'entry.update',
  'entry.delete',
  'media.update',
  'media.delete',
];

/**
 * Points Strapi's webhook at the publisher (CMS_PUBLISHER_URL) with its shared secret (CMS_PUBLISHER_SECRET) in
 * the Authorization header: created once, kept up to date on every start. Editors can also rebuild by hand from
 * Settings → Webhooks → "Site publisher" → Trigger. Nothing happens when the two variables are not set.
 */
async function ensurePublisherWebhook(strapi) {
  const url = process.env.CMS_PUBLISHER_URL;
  const secret = process.env.CMS_PUBLISHER_SECRET;
  if (!url || !secret) return;
  const store = strapi.get('webhookStore');
  const wanted = {
    name: webhookName,
    url,
    headers: { Authorization: `Bearer ${secret}` },
    events,
    isEnabled: true,
  };
  const existing = (await store.findWebhooks()).find((webhook) => webhook.name === webhookName);
  const webhook = existing
    ? await store.updateWebhook(existing.id, wanted)
    : await store.createWebhook(wanted);
  strapi.get('webhookRunner').update(webhook);
  strapi.log.info(
    `CMS: publishing, unpublishing, updating and deleting content calls the publisher at ${url}`,
  );
}

module.exports = { ensurePublisherWebhook, publisherEvents: events };
