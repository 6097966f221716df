// The account remote: a separately deployed webpack 5 build exposing the auth and account screens through
// Module Federation. The marketing site loads it at runtime (see marketing-site/src/remote/).
const path = require('node:path');
const webpack = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');

/**
 * The lazy chunk (webpackChunkName in src/features/auth/, onboarding/ and workflows/ index.ts) that
 * holds each signed-out route's screen. Their files go into mf-manifest.json (metaData.screenChunks), so the host
 * page of a route can preload the route's code from its head (docs/decisions/0049).
 */
const authScreenChunks = {
  login: 'login',
  ssoLogin: 'sso-login',
  forgotPassword: 'password',
  newPassword: 'password',
  changePassword: 'password',
  signup: 'signup',
  postSignup: 'post-signup',
  verifyEmail: 'verify-email',
  reactivateTrial: 'reactivate-trial',
  unsubscribe: 'unsubscribe',
  // A public workflow's page (src/features/workflows/index.ts; docs/decisions/0128).
  sharedWorkflow: 'shared-workflow',
};

/** Route id -> the JavaScript files of its screen's chunk group; a route without a chunk fails the build. */
function screenChunkFiles(compilation, routeIds) {
  return Object.fromEntries(
    routeIds.map((id) => {
      const group = compilation.namedChunkGroups.get(authScreenChunks[id]);
      if (!group)
        throw new Error(`account-remote: no chunk named "${authScreenChunks[id]}" for the route ${id}`);
      const files = group.chunks.flatMap((chunk) => [...chunk.files].filter((file) => file.endsWith('.js')));
      return [id, files];
    }),
  );
}

function installedVersion(packageName) {
  const manifest = require.resolve(`${packageName}/package.json`, { paths: [__dirname] });
  return require(manifest).version;
}

module.exports = async (_env, argv) => {
  const { readBrowserConfig } = await import('@dcipher/shared/config');
  const { federatedSingletons, packageOf } = await import('@dcipher/shared/federation');
  const { remoteRoutes } = await import('@dcipher/shared/routes');
  const authRouteIds = remoteRoutes('AuthApp').map((route) => route.id);
  const production = argv.mode !== 'development';
  // Fails the build naming the variable when a setting is wrong.
  const browserConfig = readBrowserConfig(process.env);

  // What both compilations share: TypeScript through SWC, Emotion's JSX runtime, assets, the browser config.
  const common = {
    mode: production ? 'production' : 'development',
    // Production maps are written for error reporting but never referenced or served (docs/decisions/0032).
    devtool: production ? 'hidden-source-map' : 'eval-cheap-module-source-map',
    resolve: { extensions: ['.tsx', '.ts', '.js'], extensionAlias: { '.js': ['.ts', '.tsx', '.js'] } },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          use: {
            loader: 'swc-loader',
            options: {
              jsc: {
                parser: { syntax: 'typescript', tsx: true },
                transform: { react: { runtime: 'automatic', importSource: '@emotion/react' } },
                target: 'es2020',
              },
            },
          },
        },
        { test: /\.(svg|png|jpe?g|webp)$/, type: 'asset/resource' },
      ],
    },
    performance: { hints: false },
  };
  // Both write into dist/ (the remote's origin serves both); entry files keep stable names (short-cached), chunks and
  // assets are content-hashed (cached forever).
  const output = (chunkDirectory) => ({
    path: path.resolve(__dirname, 'dist'),
    filename: '[name].js',
    chunkFilename: `${chunkDirectory}[name]${production ? '.[contenthash:8]' : ''}.js`,
    assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
  });
  const definitions = () => new webpack.DefinePlugin({ __BROWSER_CONFIG__: JSON.stringify(browserConfig) });

  /** The remote: remoteEntry.js, the exposed screens and mf-manifest.json, loaded by the site at run time. */
  const remote = {
    ...common,
    name: 'remote',
    // Only the federation container's entry (remoteEntry.js), which the plugin adds.
    entry: {},
    output: {
      ...output(''),
      // "auto": chunks and assets load from wherever remoteEntry.js was loaded (the remote's own origin).
      publicPath: 'auto',
      uniqueName: 'dcipher_account',
      clean: true,
    },
    plugins: [
      new ModuleFederationPlugin({
        name: 'account',
        filename: 'remoteEntry.js',
        exposes: {
          './AuthApp': './src/apps/auth/index.ts',
          './AccountApp': './src/apps/account/index.ts',
        },
        shared: Object.fromEntries(
          federatedSingletons.map((specifier) => {
            const version = installedVersion(packageOf(specifier));
            return [specifier, { singleton: true, version, requiredVersion: `^${version}` }];
          }),
        ),
        manifest: {
          additionalData({ stats, compilation }) {
            stats.metaData.screenChunks = screenChunkFiles(compilation, authRouteIds);
            return stats;
          },
        },
        dts: false,
        // remoteEntry.js uses the host's federation runtime (the site registers it with
        // @module-federation/inject-external-runtime-core-plugin) instead of carrying a second copy: about 19 KB
        // compressed less on every page that loads the remote (docs/decisions/0052).
        experiments: { externalRuntime: true },
      }),
      definitions(),
    ],
  };

  /**
   * The standalone development shell (dist/index.html, the remote's origin at /): a plain single-page build of
   * the same screens, not federated, since it has no host to share modules with or to take the runtime from.
   * Built after the remote, whose output it sits beside.
   */
  const standalone = {
    ...common,
    name: 'standalone',
    dependencies: ['remote'],
    entry: { standalone: './src/standalone/main.tsx' },
    output: {
      ...output('standalone/'),
      publicPath: '/',
      uniqueName: 'dcipher_account_standalone',
      clean: false,
    },
    plugins: [
      definitions(),
      new HtmlWebpackPlugin({
        template: './src/standalone/index.html',
        title: 'Dcipher account (standalone)',
      }),
    ],
  };

  return [remote, standalone];
};
