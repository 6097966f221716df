const siteUrl = process.env.SITE_URL || `http://localhost:${process.env.SITE_PORT || 8000}`;

/** @type {import('gatsby').GatsbyConfig} */
const config = {
  siteMetadata: {
    title: 'Dcipher',
    description: 'AI-powered Insight Automation',
    siteUrl,
  },
  // The spec's routes have no trailing slash (/login, /account).
  trailingSlash: 'never',
  jsxRuntime: 'automatic',
  jsxImportSource: '@emotion/react',
  graphqlTypegen: false,
  plugins: [],
};

export default config;
