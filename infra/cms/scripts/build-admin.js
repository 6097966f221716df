// Builds the admin panel (what `strapi build` does) for this JavaScript project. The CLI looks for a tsconfig.json
// in this folder and every folder above it, finds the monorepo's own (which references the TypeScript packages)
// and tries to compile it as if this were a TypeScript project; so the build is called here without one.
const path = require('node:path');

const strapiDist = path.join(__dirname, '..', 'node_modules', '@strapi', 'strapi', 'dist');
const { build } = require(path.join(strapiDist, 'src', 'node', 'build.js'));
const { createLogger } = require(path.join(strapiDist, 'src', 'cli', 'utils', 'logger.js'));

build({
  cwd: path.join(__dirname, '..'),
  logger: createLogger({ debug: false, silent: false, timestamp: false }),
  tsconfig: undefined,
  minify: true,
  sourcemaps: false,
  stats: false,
}).catch((error) => {
  console.error(error);
  process.exit(1);
});
