// engines: any
import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, it } from 'node:test';
import { sourceDirectory } from '../test-support/api-paths.js';

const modulesDirectory = path.join(sourceDirectory, 'modules');

/** Every module's plugin file (`modules/<module>/<name>-module.ts`), relative to `modules/`, with its text. */
async function moduleFiles(): Promise<{ file: string; text: string }[]> {
  const entries = await readdir(modulesDirectory, { withFileTypes: true, recursive: true });
  const files = entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('-module.ts'))
    .map((entry) => path.relative(modulesDirectory, path.join(entry.parentPath, entry.name)))
    .sort();
  return Promise.all(
    files.map(async (file) => ({ file, text: await readFile(path.join(modulesDirectory, file), 'utf8') })),
  );
}

/**
 * The text of the `routes` member of an `apiModule({ … })` definition: from `routes:` (a property, or a method
 * `routes(…)`) to the next member of the definition or its end, told by indentation (Biome formats every file).
 */
function routesMember(text: string): string {
  const lines = text.split('\n');
  const indentOf = (line: string) => /^\s*/.exec(line)?.[0].length ?? 0;
  const start = lines.findIndex((line) => /^\s*(?:async\s+)?routes\s*[:(]/.test(line));
  if (start === -1) return '';
  const indent = indentOf(lines[start] as string);
  const end = lines.findIndex(
    (line, index) =>
      index > start &&
      line.trim() !== '' &&
      (indentOf(line) < indent || (indentOf(line) === indent && !/^\s*[)}\]]/.test(line))),
  );
  return lines.slice(start, end === -1 ? undefined : end).join('\n');
}

/** A service built: `createFlowService(`, `createMemberService(`… */
const serviceBuilt = /\bcreate[A-Z]\w*Service\(/g;

describe('each service is provided one way (issue 35 point 2, docs/decisions/0110, 0130)', () => {
  it("no module builds a service inside its routes: it is built once in its module's provide and decorated", async () => {
    const offenders = (await moduleFiles()).flatMap(({ file, text }) =>
      [...routesMember(text).matchAll(serviceBuilt)].map((match) => `${file}: ${match[0]}`),
    );
    assert.deepEqual(
      offenders,
      [],
      "build it in the module's provide, app.decorate it (with its FastifyInstance declaration) and read it in routes from the scope",
    );
  });

  it('no service is built by two modules', async () => {
    const builders = new Map<string, string[]>();
    for (const { file, text } of await moduleFiles()) {
      for (const name of new Set([...text.matchAll(serviceBuilt)].map((match) => match[0]))) {
        builders.set(name, [...(builders.get(name) ?? []), file]);
      }
    }
    const twice = [...builders]
      .filter(([, files]) => files.length > 1)
      .map(([name, files]) => `${name} ${files}`);
    assert.deepEqual(
      twice,
      [],
      'a service is provided by the module that owns it; others name it in dependencies',
    );
  });

  it('finds a service built inside routes, and not one built in provide', () => {
    const built = (body: string) => [...routesMember(body).matchAll(serviceBuilt)].length;
    const insideRoutes = `export const trialModule = apiModule({
  name: 'trial',
  routes: (scope) =>
    registerTrialRoutes(
      scope,
      createTrialService({
        database: scope.database,
      }),
    ),
});
`;
    const insideAsyncRoutes = `export const marketingEmailModule = apiModule({
  name: 'marketing-emails',
  dependencies: ['captcha'],
  routes: async (scope) => {
    const { config } = scope;
    registerMarketingEmailRoutes(scope, createMarketingEmailService({ config }));
  },
});
`;
    const inProvide = `export const usageModule = apiModule({
  name: 'usage',
  provide: (app) => {
    app.decorate('usage', createUsageService({ database: app.database }));
  },
  routes: (scope) => registerUsageRoutes(scope, scope.usage),
});
`;
    const routesFirst = `export const usageModule = apiModule({
  name: 'usage',
  routes: (scope) => registerUsageRoutes(scope, scope.usage),
  provide: (app) => {
    app.decorate('usage', createUsageService({ database: app.database }));
  },
});
`;
    assert.equal(built(insideRoutes), 1);
    assert.equal(built(insideAsyncRoutes), 1);
    assert.equal(built(inProvide), 0);
    assert.equal(built(routesFirst), 0);
  });
});
