// `npm test` runs this beside the production topology (decision 0147): installs Strapi as the CMS test will run it,
// at the lowest CPU priority (npm, its child, inherits it). The CMS test runs Strapi on PostgreSQL where the machine
// has PostgreSQL's binaries (infra/publisher/cms-publish.e2e.mjs), so the SQLite driver is compiled only where not.
import { setPriority } from 'node:os';
import { ensureCmsInstalled } from './cms.mjs';
import { findPostgresBinDir } from './postgres-cluster.mjs';

setPriority(19);
ensureCmsInstalled({ sqlite: !findPostgresBinDir() });
