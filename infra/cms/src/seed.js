const fs = require('node:fs');
const path = require('node:path');

/** The site's bundled snapshot: Strapi 5 REST answers saved as JSON, with their images in uploads/. */
const snapshotDir = path.resolve(
  process.env.CMS_SNAPSHOT_DIR ||
    path.join(__dirname, '..', '..', '..', 'marketing-site', 'content', 'snapshot'),
);

/** Collections in seeding order, by content type; the snapshot file is the plural name. */
const collections = [
  ['customer', 'customers'],
  ['blog-post', 'blog-posts'],
  ['customer-success-story', 'customer-success-stories'],
  ['press-article', 'press-articles'],
  ['feature-update', 'feature-updates'],
];

const mimeTypes = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.svg': 'image/svg+xml',
  '.gif': 'image/gif',
};
const systemFields = new Set([
  'id',
  'documentId',
  'createdAt',
  'updatedAt',
  'publishedAt',
  'locale',
  'localizations',
]);

/** Uploads a snapshot image once (by its URL) into the media library, as it is; answers the new file's id. */
async function uploadedFileId(strapi, media, uploaded) {
  if (!media?.url) return null;
  if (uploaded.has(media.url)) return uploaded.get(media.url);
  const filepath = path.join(snapshotDir, media.url.replace(/^\/+/, ''));
  if (!fs.existsSync(filepath)) {
    strapi.log.warn(`CMS seed: ${media.url} is not in the snapshot; left without an image`);
    uploaded.set(media.url, null);
    return null;
  }
  const [file] = await strapi
    .plugin('upload')
    .service('upload')
    .upload({
      data: {
        fileInfo: {
          name: media.name || path.basename(filepath),
          alternativeText: media.alternativeText ?? null,
          caption: media.caption ?? null,
        },
      },
      files: {
        filepath,
        originalFilename: path.basename(filepath),
        mimetype: mimeTypes[path.extname(filepath).toLowerCase()] || 'application/octet-stream',
        size: fs.statSync(filepath).size,
      },
    });
  uploaded.set(media.url, file.id);
  return file.id;
}

/**
 * Fills an empty CMS with the snapshot, so the CMS and the snapshot hold the same content: every entry published,
 * with its images in the media library, byte for byte, and its dates kept (created and published as in the
 * snapshot). A type that already has entries is left alone, so an editor's work is never overwritten.
 *
 * The media library keeps the snapshot's images as they are. They are the site's own, already sized and without
 * metadata (the site's image-metadata test shows it), and Strapi's size optimisation, on by default, would encode
 * each again at quality 80: the CMS's copy would be another image than the one the site's build made its image jobs
 * for, and the first build from the CMS would make them all again (docs/decisions/0155, 0156). Only the seed does
 * this, in the CMS's bootstrap, before the CMS answers anyone; what an editor uploads goes through the media
 * library's settings as Strapi has them.
 */
async function seedFromSnapshot(strapi) {
  const manipulation = strapi.plugin('upload').service('image-manipulation');
  const { optimize } = manipulation;
  manipulation.optimize = async (file) => file;
  try {
    await seedEntries(strapi);
  } finally {
    manipulation.optimize = optimize;
  }
}

async function seedEntries(strapi) {
  const uploaded = new Map();
  for (const [name, file] of collections) {
    const uid = `api::${name}.${name}`;
    const documents = strapi.documents(uid);
    if ((await documents.count({})) > 0) continue;
    const source = path.join(snapshotDir, `${file}.json`);
    if (!fs.existsSync(source)) continue;
    const entries = JSON.parse(fs.readFileSync(source, 'utf8')).data;
    const attributes = strapi.contentType(uid).attributes;
    for (const entry of entries) {
      const data = {};
      for (const [field, value] of Object.entries(entry)) {
        if (systemFields.has(field) || !(field in attributes)) continue;
        if (attributes[field].type === 'media') {
          data[field] = Array.isArray(value)
            ? (await Promise.all(value.map((media) => uploadedFileId(strapi, media, uploaded)))).filter(
                Boolean,
              )
            : await uploadedFileId(strapi, value, uploaded);
        } else data[field] = value;
      }
      const created = await documents.create({ data, status: 'published' });
      // The snapshot's own dates, on the draft and the published version alike.
      await strapi.db.query(uid).updateMany({
        where: { documentId: created.documentId },
        data: {
          createdAt: entry.createdAt,
          updatedAt: entry.updatedAt ?? entry.createdAt,
        },
      });
      await strapi.db.query(uid).updateMany({
        where: { documentId: created.documentId, publishedAt: { $notNull: true } },
        data: { publishedAt: entry.publishedAt ?? entry.createdAt },
      });
    }
    strapi.log.info(`CMS seed: ${entries.length} ${file} from the snapshot`);
  }
}

module.exports = { seedFromSnapshot, snapshotDir };
