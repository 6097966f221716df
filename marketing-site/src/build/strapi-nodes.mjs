// Turns the nodes gatsby-source-strapi creates (STRAPI_BLOG_POST with child text, JSON and media nodes) back into
// the raw Strapi 5 entries the rest of the content pipeline reads, so the CMS path and the bundled snapshot go
// through the same schemas and normalisation. Media keep the File node the plugin downloaded (`localFileId`).
import { strapiContentTypes } from '@dcipher/shared/content-model';

const nodeTypeOf = (singularName) => `STRAPI_${singularName.replace(/-/g, '_').toUpperCase()}`;

function mediaEntry(node) {
  if (!node) return undefined;
  return {
    url: node.url,
    alternativeText: node.alternativeText ?? null,
    ...(node.width ? { width: node.width } : {}),
    ...(node.height ? { height: node.height } : {}),
    ...(node.localFile___NODE ? { localFileId: node.localFile___NODE } : {}),
  };
}

function rawEntry(node, attributes, getNode) {
  const entry = {
    id: node.strapi_id,
    documentId: node.documentId,
    createdAt: node.createdAt,
    updatedAt: node.updatedAt,
    publishedAt: node.publishedAt ?? null,
  };
  for (const [name, attribute] of Object.entries(attributes)) {
    switch (attribute.type) {
      case 'richtext': {
        const textNodeId = node[name]?.data___NODE;
        entry[name] = textNodeId ? (getNode(textNodeId)?.[name] ?? '') : null;
        break;
      }
      case 'json': {
        const jsonNode = node[`${name}___NODE`] ? getNode(node[`${name}___NODE`]) : undefined;
        entry[name] = jsonNode ? (jsonNode.strapi_json_value ?? null) : null;
        break;
      }
      case 'media': {
        const link = node[`${name}___NODE`];
        if (Array.isArray(link)) entry[name] = link.map((id) => mediaEntry(getNode(id))).filter(Boolean);
        else entry[name] = link ? (mediaEntry(getNode(link)) ?? null) : null;
        break;
      }
      default:
        entry[name] = node[name] ?? null;
    }
  }
  return entry;
}

/** Raw entries of every collection from gatsby-source-strapi's nodes. */
export function rawCollectionsFromStrapiNodes({ getNodesByType, getNode }) {
  const collections = {};
  for (const { schema } of strapiContentTypes) {
    collections[schema.pluralName] = getNodesByType(nodeTypeOf(schema.singularName)).map((node) =>
      rawEntry(node, schema.attributes, getNode),
    );
  }
  return collections;
}
