// Written by scripts/write-content-types.mjs from the site's content model; do not edit.
const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreService('api::press-article.press-article');
