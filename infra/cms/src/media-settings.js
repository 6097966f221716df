/**
 * The media library keeps what an editor uploads, byte for byte (docs/decisions/0155). The site makes its own sized
 * copies of every image from the file it downloads (gatsby-plugin-sharp, at the spec's quality 75), so Strapi's size
 * optimisation, on by default (each upload encoded again at quality 80 when that is smaller), only lowered what the
 * site starts from, and made the CMS's copy of a snapshot image differ from the snapshot's, so the site's image jobs
 * could not be reused for it. Set once, on the first start that knows of it: an editor who turns it on again in the
 * media library's settings keeps that choice.
 */
async function ensureOriginalImagesKept(strapi) {
  const applied = strapi.store({ type: 'plugin', name: 'dcipher', key: 'media-library-keeps-originals' });
  if (await applied.get({})) return;
  const upload = strapi.plugin('upload').service('upload');
  await upload.setSettings({ ...((await upload.getSettings()) ?? {}), sizeOptimization: false });
  await applied.set({ value: { at: new Date().toISOString() } });
}

module.exports = { ensureOriginalImagesKept };
