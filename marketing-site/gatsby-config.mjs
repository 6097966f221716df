import { strapiContentTypes } from '@dcipher/shared/content-model';
import { imageDeviceWidths, imageQuality } from '@dcipher/shared/domain';

const siteUrl = process.env.SITE_URL || `http://localhost:${process.env.SITE_PORT || 8000}`;

/** @type {import('gatsby').GatsbyConfig} */
const config = {
  siteMetadata: {
    title: 'Dcipher',
    description: 'AI-powered Insight Automation',
    siteUrl,
  },
  // The spec's routes have no trailing slash (/login, /blog/some-post).
  trailingSlash: 'never',
  jsxRuntime: 'automatic',
  jsxImportSource: '@emotion/react',
  graphqlTypegen: false,
  plugins: [
    'gatsby-plugin-image',
    {
      resolve: 'gatsby-plugin-sharp',
      options: {
        // The spec's image sizes: device widths 640 to 3840, quality 75 (small fixed sizes are chosen per use).
        defaults: {
          quality: imageQuality,
          breakpoints: [...imageDeviceWidths],
          formats: ['auto', 'webp'],
          placeholder: 'dominantColor',
        },
      },
    },
    'gatsby-transformer-sharp',
    // With CMS_URL set, content comes from Strapi 5 (published entries, media downloaded as File nodes);
    // without it, from the bundled snapshot (src/build/source-content.mjs). See docs/decisions/0006.
    ...(process.env.CMS_URL
      ? [
          {
            resolve: 'gatsby-source-strapi',
            options: {
              apiURL: process.env.CMS_URL,
              accessToken: process.env.CMS_TOKEN,
              version: 5,
              queryLimit: 100,
              collectionTypes: strapiContentTypes.map(({ schema }) => ({
                singularName: schema.singularName,
                // A draft preview build (the publisher's, CMS_PREVIEW=drafts) renders the drafts; every other
                // build only what is published.
                queryParams: {
                  populate: '*',
                  status: process.env.CMS_PREVIEW === 'drafts' ? 'draft' : 'published',
                },
              })),
            },
          },
        ]
      : []),
  ],
};

export default config;
