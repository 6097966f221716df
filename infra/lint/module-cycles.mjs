#!/usr/bin/env node
// The API's modules depend one way (issue 35 point 2, docs/decisions/0110): a module is a folder
// `api/src/modules/<name>/` (its subfolders and tests included), and no chain of imports may lead from one module
// back to itself through others. dependency-cruiser's `no-circular` only sees cycles between files, and its
// folder-scope rules (`scope: 'folder'`) treat every folder as a node: `db/`, `http/`, `test-support/` and each
// subfolder of a module too, with no `via` to leave them out, so they can neither ignore the layers every module
// stands on nor see a module as one node. This check runs dependency-cruiser with the repository's configuration,
// collapses its file graph to modules and fails on every cycle it finds, naming the imports that make each step.
//
//   node infra/lint/module-cycles.mjs           the check (`npm run lint` runs it): exit 1 on a cycle
//   node infra/lint/module-cycles.mjs --graph   prints every module's dependencies, then the check
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';

export const ruleName = 'api-modules-no-cycle';

/** The module a path belongs to: the folder right under `api/src/modules/`, or undefined outside the modules. */
export const moduleOf = (path) => /^api\/src\/modules\/([^/]+)\//.exec(path)?.[1];

/**
 * The module-level graph of a cruise result: for each module, the modules it imports, each with the file imports
 * that make the edge (`from -> to`).
 * @returns {Map<string, Map<string, string[]>>}
 */
export function moduleGraph(cruiseModules) {
  const graph = new Map();
  for (const file of cruiseModules) {
    const from = moduleOf(file.source);
    if (!from) continue;
    if (!graph.has(from)) graph.set(from, new Map());
    for (const dependency of file.dependencies) {
      const to = moduleOf(dependency.resolved);
      if (!to || to === from) continue;
      const edges = graph.get(from);
      if (!edges.has(to)) edges.set(to, []);
      edges.get(to).push(`${file.source} -> ${dependency.resolved}`);
    }
  }
  return graph;
}

/** The strongly connected components of more than one module (Tarjan), each sorted, in name order. */
function stronglyConnected(graph) {
  let counter = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const components = [];
  const visit = (node) => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node)?.keys() ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node), index.get(next)));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) components.push(component.sort());
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return components.sort((a, b) => a[0].localeCompare(b[0]));
}

/** The shortest way from `start` back to itself inside `members` (breadth first): `[start, …, start]`. */
function shortestCycle(graph, start, members) {
  const previous = new Map();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift();
    for (const next of [...(graph.get(node)?.keys() ?? [])].sort()) {
      if (!members.has(next)) continue;
      if (next === start) {
        const path = [node];
        while (path[0] !== start) path.unshift(previous.get(path[0]));
        return [...path, start];
      }
      if (!previous.has(next)) {
        previous.set(next, node);
        queue.push(next);
      }
    }
  }
  return [start];
}

/**
 * Every module-level cycle: one entry per group of modules that reach each other, with its modules, one shortest
 * cycle through its first module, and every dependency between two of its modules with the imports that make it
 * (the edges one of which must go to break the group).
 */
export function moduleCycles(graph) {
  return stronglyConnected(graph).map((modules) => {
    const members = new Set(modules);
    const path = shortestCycle(graph, modules[0], members);
    const steps = modules.flatMap((from) =>
      [...graph.get(from)]
        .filter(([to]) => members.has(to))
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([to, imports]) => ({ from, to, imports })),
    );
    return { modules, path, steps };
  });
}

/** Cruises `sources` (paths from the current directory) with the repository's dependency-cruiser options. */
export async function cruiseModules(sources, repositoryRoot) {
  const options = await extractDepcruiseOptions(join(repositoryRoot, '.dependency-cruiser.cjs'));
  const tsConfigFile = join(repositoryRoot, 'tsconfig.base.json');
  const result = await cruise(
    sources,
    { ...options, tsConfig: { fileName: tsConfigFile }, validate: false },
    undefined,
    { tsConfig: extractTSConfig(tsConfigFile) },
  );
  return result.output.modules;
}

/** The report of a check: empty when there is no cycle. */
export function describeCycles(cycles) {
  return cycles.map(({ modules, path, steps }) =>
    [
      `error ${ruleName}: ${path.join(' → ')}  (these modules reach each other: ${modules.join(', ')})`,
      ...steps.flatMap(({ from, to, imports }) => [
        `  ${from} → ${to}:`,
        ...imports.slice(0, 3).map((line) => `    ${line}`),
        ...(imports.length > 3 ? [`    … and ${imports.length - 3} more`] : []),
      ]),
    ].join('\n'),
  );
}

async function main() {
  const repositoryRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
  process.chdir(repositoryRoot);
  const graph = moduleGraph(await cruiseModules(['api/src'], repositoryRoot));
  if (process.argv.includes('--graph')) {
    for (const [from, edges] of [...graph].sort(([a], [b]) => a.localeCompare(b))) {
      console.log(`${from} → ${[...edges.keys()].sort().join(', ') || '(none)'}`);
    }
    console.log('');
  }
  const report = describeCycles(moduleCycles(graph));
  if (report.length > 0) {
    console.error(report.join('\n\n'));
    console.error(`\n✘ ${report.length} module-level cycle(s) in api/src/modules (docs/decisions/0110).`);
    process.exit(1);
  }
  console.log(`✔ no module-level cycle among the ${graph.size} modules of api/src/modules.`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
