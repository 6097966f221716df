import { createRequire } from 'node:module';
import { readBrowserConfig } from '@dcipher/shared/config';
import { federatedSingletons, packageOf } from '@dcipher/shared/federation';

const require = createRequire(import.meta.url);

/** Client-only pages: the account area is rendered by the remote for every path below /account. */
export const onCreatePage = ({ page, actions }) => {
  if (page.path === '/account' || page.path === '/account/') {
    actions.deletePage(page);
    actions.createPage({ ...page, matchPath: '/account/*' });
  }
};

export const onCreateWebpackConfig = ({ actions, plugins }) => {
  // Fails the build naming the variable when a browser setting is wrong.
  const browserConfig = readBrowserConfig(process.env);
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
      }),
    ],
  });
};
