// The import boundaries of .dependency-cruiser.cjs (docs/decisions/0061) catch what they promise: each rule is run
// on a small tree made for it, laid out like the repository, and must report exactly the imports it forbids.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { cruise } from 'dependency-cruiser';

const repositoryRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const { forbidden } = createRequire(import.meta.url)(join(repositoryRoot, '.dependency-cruiser.cjs'));

const files = {
  'api/src/cycle-a.ts': "import { b } from './cycle-b';\nexport const a = () => b;\n",
  'api/src/cycle-b.ts': "import { a } from './cycle-a';\nexport const b = () => a;\n",
  'api/src/modules/members/members.ts':
    "import { secret } from '../account/account-service';\nexport const m = secret;\n",
  'api/src/modules/account/account-service.ts': 'export const secret = 1;\n',
  'api/src/engine/engine.ts':
    "import { secret } from '../modules/account/account-service';\nexport const e = secret;\n",
  'api/src/modules/flows/flows.ts': "import { e } from '../../engine/engine';\nexport const f = e;\n",
  'infra/publisher/build.mjs':
    "import { model } from '../../marketing-site/src/build/model.mjs';\nexport { model };\n",
  'marketing-site/src/build/model.mjs': 'export const model = 1;\n',
  'infra/local/sso.mjs':
    "import { provider } from '../dev-oidc/provider.mjs';\nimport { rules } from '../serving/rules.mjs';\nexport { provider, rules };\n",
  'infra/dev-oidc/provider.mjs': 'export const provider = 1;\n',
  'infra/serving/rules.mjs': 'export const rules = 1;\n',
  'account-remote/src/features/billing/wallet.tsx':
    "import { Section } from '../account/section';\nimport { Kit } from '../../kit/kit';\nexport { Section, Kit };\n",
  'account-remote/src/features/account/section.tsx': 'export const Section = 1;\n',
  'account-remote/src/kit/kit.tsx': 'export const Kit = 1;\n',
  'shared/src/deep-importer.ts': "import { x } from '@dcipher/nowhere/src/internal';\nexport { x };\n",
};

describe('the import boundaries the lint enforces', () => {
  let root;
  let violations;
  const previous = process.cwd();

  before(async () => {
    root = mkdtempSync(join(tmpdir(), 'dcipher-boundaries-'));
    for (const [path, contents] of Object.entries(files)) {
      mkdirSync(join(root, dirname(path)), { recursive: true });
      writeFileSync(join(root, path), contents);
    }
    process.chdir(root);
    const result = await cruise(['api', 'infra', 'marketing-site', 'account-remote', 'shared'], {
      validate: true,
      ruleSet: { forbidden },
      tsPreCompilationDeps: true,
      doNotFollow: { path: 'node_modules' },
    });
    violations = result.output.summary.violations.map(
      (violation) => `${violation.rule.name}: ${violation.from} -> ${violation.to}`,
    );
  });
  after(() => {
    process.chdir(previous);
    rmSync(root, { recursive: true, force: true });
  });

  it('an import cycle', () => {
    assert.ok(
      violations.some((line) => line.startsWith('no-circular: api/src/cycle-')),
      violations.join('\n'),
    );
  });
  it('a relative import into another package', () => {
    assert.ok(
      violations.includes(
        'packages-through-their-exports: infra/publisher/build.mjs -> marketing-site/src/build/model.mjs',
      ),
      violations.join('\n'),
    );
  });
  it('a relative import into the package inside infra (infra/dev-oidc), while infra imports its own files', () => {
    assert.ok(
      violations.includes(
        'packages-through-their-exports: infra/local/sso.mjs -> infra/dev-oidc/provider.mjs',
      ),
      violations.join('\n'),
    );
    assert.ok(!violations.some((line) => line.includes('infra/serving/rules.mjs')), violations.join('\n'));
  });
  it('an import its package does not offer (a deep import) does not resolve', () => {
    assert.ok(
      violations.includes(
        'no-unresolvable-imports: shared/src/deep-importer.ts -> @dcipher/nowhere/src/internal',
      ),
      violations.join('\n'),
    );
  });
  it("an API module into the account module's files", () => {
    assert.ok(
      violations.includes(
        'api-modules-not-into-account-internals: api/src/modules/members/members.ts -> api/src/modules/account/account-service.ts',
      ),
      violations.join('\n'),
    );
  });
  it('the analytics engine into the rest of the API, while modules may import the engine', () => {
    assert.ok(
      violations.includes(
        'engine-stands-alone: api/src/engine/engine.ts -> api/src/modules/account/account-service.ts',
      ),
      violations.join('\n'),
    );
    assert.ok(!violations.some((line) => line.includes('modules/flows/flows.ts')), violations.join('\n'));
  });
  it('a remote feature into another feature, while the kit is open to all', () => {
    assert.ok(
      violations.includes(
        'remote-features-apart: account-remote/src/features/billing/wallet.tsx -> account-remote/src/features/account/section.tsx',
      ),
      violations.join('\n'),
    );
    assert.ok(!violations.some((line) => line.includes('src/kit/kit.tsx')), violations.join('\n'));
  });
});
