import { createRequire } from 'node:module';
import { join } from 'node:path';
import { readBrowserConfig } from '@dcipher/shared/config';
import { contentRoutes } from '@dcipher/shared/content-model';
import { whitePaperDownloadPath } from '@dcipher/shared/contract';
import { federatedSingletons, packageOf } from '@dcipher/shared/federation';
import { clientOnlyPrefixes, pathTo, routes } from '@dcipher/shared/routes';
import { loadPricing } from './src/build/load-pricing.mjs';
import { loadWorkflowStore } from './src/build/load-workflow-store.mjs';
import { pdfFilePageCount } from './src/build/pdf-page-count.mjs';
import { contentTypeDefs, sourceContent, writeInlineMedia } from './src/build/source-content.mjs';
import { storePreviewOf } from './src/build/store-preview.mjs';
import { writeFeeds } from './src/build/write-feeds.mjs';
import { remotePrerenderAlias } from './src/first-view/remote-prerender-config.mjs';
import { siteChunkGroupsFor } from './src/first-view/site-chunk-groups.mjs';
import { withStagedEntry } from './src/first-view/staged-entry-config.mjs';

const require = createRequire(import.meta.url);
const listPageSize = 9;
const template = (name) => join(process.cwd(), 'src', 'templates', `${name}.tsx`);

/** Fails the build naming the variable when a browser setting is wrong. */
const browserConfig = readBrowserConfig(process.env);
/**
 * The white paper's page count, read from the PDF the site serves (its download page states it); read once, and
 * a PDF whose pages cannot be counted fails the build.
 */
let whitePaperPageCount;
async function readWhitePaperPageCount(reporter) {
  try {
    whitePaperPageCount ??= await pdfFilePageCount(
      join(process.cwd(), 'static', ...whitePaperDownloadPath.split('/').filter(Boolean)),
    );
  } catch (error) {
    reporter.panic(`The white paper's page count: ${error instanceof Error ? error.message : String(error)}`);
  }
  return whitePaperPageCount;
}
const maintenanceMode = ['1', 'true', 'on'].includes(
  String(process.env.MAINTENANCE_MODE ?? '').toLowerCase(),
);

/**
 * The white paper's PDF must be readable (see readWhitePaperPageCount). With CMS_URL, the CMS must answer with CMS_TOKEN before anything else: otherwise the build stops naming the URL
 * and the cause (gatsby-source-strapi's own failure says neither), never falling back to the snapshot.
 */
export const onPreBootstrap = async ({ reporter }) => {
  await readWhitePaperPageCount(reporter);
  if (!process.env.CMS_URL) return;
  const { cmsContentDigest } = await import('@dcipher/infra/cms-content');
  try {
    await cmsContentDigest({ cmsUrl: process.env.CMS_URL, token: process.env.CMS_TOKEN });
  } catch (error) {
    reporter.panic(error instanceof Error ? error.message : String(error));
  }
};

export const createSchemaCustomization = ({ actions }) => {
  actions.createTypes(contentTypeDefs);
};

export const sourceNodes = async (gatsbyApi) => {
  await sourceContent(gatsbyApi, {
    // With CMS_URL, gatsby-source-strapi (gatsby-config.mjs) has already created the Strapi nodes.
    fromCms: Boolean(process.env.CMS_URL),
    // Another snapshot (same layout) instead of the bundled one: the benchmarks build a generated 1,000-item set.
    ...(process.env.CONTENT_SNAPSHOT_DIR ? { snapshotDirectory: process.env.CONTENT_SNAPSHOT_DIR } : {}),
  });
};

/**
 * Client-only pages (declared in @dcipher/shared/routes): the page of each prefix (src/pages/account.tsx…)
 * serves every path below it, and the remote's router picks the screen in the browser.
 */
export const onCreatePage = ({ page, actions }) => {
  const prefix = clientOnlyPrefixes
    .map((candidate) => candidate.prefix)
    .find((candidate) => page.path.replace(/\/$/, '') === candidate);
  if (prefix) {
    actions.deletePage(page);
    actions.createPage({ ...page, matchPath: `${prefix}/*` });
  }
};

function createListPages(createPage, { component, count, kind, route }) {
  const pageCount = Math.max(1, Math.ceil(count / listPageSize));
  for (let index = 0; index < pageCount; index += 1) {
    createPage({
      path: index === 0 ? route.basePath : `${route.basePath}/${index + 1}`,
      component,
      context: {
        kind,
        skip: index * listPageSize,
        limit: listPageSize,
        currentPage: index + 1,
        pageCount,
        basePath: route.basePath,
        heading: route.heading,
        intro: route.intro,
      },
    });
  }
}

export const createPages = async ({ graphql, actions, reporter }) => {
  const { createPage } = actions;
  const result = await graphql(`
    {
      allContentArticle {
        nodes {
          id
          kind
          path
        }
      }
      allContentFeatureUpdate {
        nodes {
          id
          path
        }
      }
    }
  `);
  if (result.errors) throw result.errors[0];
  const articles = result.data.allContentArticle.nodes;
  const updates = result.data.allContentFeatureUpdate.nodes;

  for (const kind of ['blog-post', 'customer-success-story', 'press-article']) {
    const route = contentRoutes[kind];
    const ofKind = articles.filter((article) => article.kind === kind);
    createListPages(createPage, { component: template('article-list'), count: ofKind.length, kind, route });
    for (const article of ofKind) {
      createPage({
        path: article.path,
        component: template('article'),
        context: { id: article.id, listPath: route.basePath, listHeading: route.heading },
      });
    }
  }
  createListPages(createPage, {
    component: template('feature-update-list'),
    count: updates.length,
    kind: 'feature-update',
    route: contentRoutes['feature-update'],
  });
  for (const update of updates)
    createPage({ path: update.path, component: template('feature-update'), context: { id: update.id } });

  createPage({
    path: '/pricing',
    component: template('pricing'),
    context: await loadPricing({
      apiBaseUrl: browserConfig.apiBaseUrl,
      environment: browserConfig.environment,
      reporter,
    }),
  });

  // The workflow store (docs/decisions/0073): a list and a page per predefined workflow, with the last run of its
  // public sample from the API, read the way pricing is.
  const store = await loadWorkflowStore({
    apiBaseUrl: browserConfig.apiBaseUrl,
    environment: browserConfig.environment,
    reporter,
  });
  createPage({
    path: routes.workflowStore.path,
    component: template('workflow-store'),
    context: {
      workflows: store.workflows.map(({ id, creditsPerThousandDocuments, lastRun }) => ({
        id,
        creditsPerThousandDocuments,
        lastRunAt: lastRun?.finishedAt ?? null,
        preview: storePreviewOf(lastRun),
      })),
    },
  });
  // The home page presents the store (issue 36 point 2): a few workflows with what their samples found.
  createPage({
    path: '/',
    component: template('home'),
    context: {
      storeHighlights: [
        ...store.workflows.filter((workflow) => workflow.lastRun),
        ...store.workflows.filter((workflow) => !workflow.lastRun),
      ]
        .slice(0, 3)
        .map((workflow) => ({ id: workflow.id, preview: storePreviewOf(workflow.lastRun) })),
    },
  });
  for (const workflow of store.workflows)
    createPage({
      path: pathTo('workflowStoreItem', { id: workflow.id }),
      component: template('workflow-store-item'),
      context: workflow,
    });
};

// Emotion's Babel plugin compiles the static object styles of `css` props into serialized styles at build time, so
// hydrating a page does not serialize and hash each element's styles again (docs/decisions/0052). No labels and
// no source maps in the class names or the shipped styles.
export const onCreateBabelConfig = ({ actions }) => {
  actions.setBabelPlugin({
    name: '@emotion/babel-plugin',
    options: { sourceMap: false, autoLabel: 'never', cssPropOptimization: true },
  });
};

export const onCreateWebpackConfig = async ({ actions, getConfig, plugins, reporter, stage }) => {
  // The browser bundle's entry evaluates Gatsby's production app in stages (src/first-view/staged-entry.js, 0053);
  // withStagedEntry decides which stage that is and leaves the others' config as it is.
  actions.replaceWebpackConfig(withStagedEntry(getConfig(), stage, process.cwd()));
  // The login page's HTML carries the remote's login screen, rendered at build time; the browser bundle does not
  // (src/first-view/remote-prerender-config.mjs, 0054).
  actions.setWebpackConfig(remotePrerenderAlias(stage, process.cwd()));
  const versions = Object.fromEntries(
    [...new Set(federatedSingletons.map(packageOf))].map((name) => [
      name,
      require(`${name}/package.json`).version,
    ]),
  );
  actions.setWebpackConfig({
    plugins: [
      plugins.define({
        __BROWSER_CONFIG__: JSON.stringify(browserConfig),
        __FEDERATION_VERSIONS__: JSON.stringify(versions),
        __MAINTENANCE_MODE__: JSON.stringify(maintenanceMode),
        __WHITE_PAPER_PAGE_COUNT__: JSON.stringify(await readWhitePaperPageCount(reporter)),
        // The browser bundle's chunk groups, for the HTML renderer's head start of sign-in pages: a constant of
        // the renderer, so rendering a page reads no file (src/first-view/site-chunk-groups.mjs, 0146).
        __SITE_CHUNK_GROUPS__: JSON.stringify(siteChunkGroupsFor(stage, process.cwd())),
      }),
    ],
  });
};

export const onPostBuild = async ({ graphql, store }) => {
  const { program, config } = store.getState();
  const result = await graphql(`
    {
      site {
        siteMetadata {
          siteUrl
        }
      }
      allSitePage {
        nodes {
          path
        }
      }
      allContentArticle(filter: { kind: { eq: "blog-post" } }, sort: { displayDate: DESC }, limit: 50) {
        nodes {
          title
          path
          displayDate
          excerpt
        }
      }
    }
  `);
  if (result.errors) throw result.errors[0];
  await writeInlineMedia(join(program.directory, 'public'));
  await writeFeeds({
    publicDir: join(program.directory, 'public'),
    siteUrl: (config.siteMetadata?.siteUrl ?? result.data.site.siteMetadata.siteUrl).replace(/\/$/, ''),
    paths: result.data.allSitePage.nodes.map((node) => node.path),
    posts: result.data.allContentArticle.nodes,
  });
};
