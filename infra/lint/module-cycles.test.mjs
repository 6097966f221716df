// The module-level cycle check (infra/lint/module-cycles.mjs, docs/decisions/0110) catches what it promises: run on
// a small tree laid out like the API, it reports a cycle between two modules that no two files make, and one made
// through a module's subfolder, and nothing for one-way dependencies or for a detour through a folder that is not a
// module.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { cruiseModules, describeCycles, moduleCycles, moduleGraph, ruleName } from './module-cycles.mjs';

const repositoryRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

const files = {
  // The planted cycle: payments charges for subscriptions' plans, subscriptions renews through payments. No file
  // imports itself back, so the file-level `no-circular` rule stays silent.
  'api/src/modules/payments/pay.ts':
    "import { planPrice } from '../subscriptions/plans.js';\nexport const pay = () => planPrice;\n",
  'api/src/modules/payments/charge.ts': 'export const charge = 1;\n',
  'api/src/modules/subscriptions/plans.ts': 'export const planPrice = 1;\n',
  'api/src/modules/subscriptions/renew.ts':
    "import { charge } from '../payments/charge.js';\nexport const renew = () => charge;\n",
  // A cycle through a module's subfolder (`operations/`) counts: the subfolder is the module.
  'api/src/modules/alpha/operations/run.ts':
    "import { beta } from '../../beta/beta.js';\nexport const run = () => beta;\n",
  'api/src/modules/alpha/alpha.ts': 'export const alpha = 1;\n',
  'api/src/modules/beta/beta.ts': 'export const beta = 1;\n',
  'api/src/modules/beta/uses-alpha.ts':
    "import { alpha } from '../alpha/alpha.js';\nexport const usesAlpha = () => alpha;\n",
  // One way only: credits builds on subscriptions.
  'api/src/modules/credits/wallet.ts':
    "import { planPrice } from '../subscriptions/plans.js';\nexport const wallet = () => planPrice;\n",
  // Through a layer that is not a module (http/), no module imports another back.
  'api/src/modules/gamma/gamma.ts':
    "import { route } from '../../http/route.js';\nexport const gamma = () => route;\n",
  'api/src/http/route.ts':
    "import { delta } from '../modules/delta/delta.js';\nexport const route = () => delta;\n",
  'api/src/modules/delta/delta.ts': 'export const delta = 1;\n',
};

describe('the module-level cycle check', () => {
  let root;
  let cycles;
  const previous = process.cwd();

  before(async () => {
    root = mkdtempSync(join(tmpdir(), 'dcipher-module-cycles-'));
    for (const [path, contents] of Object.entries(files)) {
      mkdirSync(join(root, dirname(path)), { recursive: true });
      writeFileSync(join(root, path), contents);
    }
    process.chdir(root);
    cycles = moduleCycles(moduleGraph(await cruiseModules(['api/src'], repositoryRoot)));
  });
  after(() => {
    process.chdir(previous);
    rmSync(root, { recursive: true, force: true });
  });

  it('reports the planted cycle between payments and subscriptions, with the imports that make it', () => {
    const cycle = cycles.find(({ modules }) => modules.includes('payments'));
    assert.deepEqual(cycle?.modules, ['payments', 'subscriptions']);
    assert.deepEqual(cycle.path, ['payments', 'subscriptions', 'payments']);
    assert.deepEqual(cycle.steps, [
      {
        from: 'payments',
        to: 'subscriptions',
        imports: ['api/src/modules/payments/pay.ts -> api/src/modules/subscriptions/plans.ts'],
      },
      {
        from: 'subscriptions',
        to: 'payments',
        imports: ['api/src/modules/subscriptions/renew.ts -> api/src/modules/payments/charge.ts'],
      },
    ]);
    const [report] = describeCycles([cycle]);
    assert.match(report, new RegExp(`^error ${ruleName}: payments → subscriptions → payments`));
  });

  it("reports a cycle made through a module's subfolder", () => {
    const cycle = cycles.find(({ modules }) => modules.includes('alpha'));
    assert.deepEqual(cycle?.modules, ['alpha', 'beta']);
    assert.deepEqual(
      cycle.steps.map(({ imports }) => imports),
      [
        ['api/src/modules/alpha/operations/run.ts -> api/src/modules/beta/beta.ts'],
        ['api/src/modules/beta/uses-alpha.ts -> api/src/modules/alpha/alpha.ts'],
      ],
    );
  });

  it('reports nothing else: one-way dependencies and a detour through a layer are not module cycles', () => {
    assert.deepEqual(
      cycles.map(({ modules }) => modules),
      [
        ['alpha', 'beta'],
        ['payments', 'subscriptions'],
      ],
    );
  });
});
