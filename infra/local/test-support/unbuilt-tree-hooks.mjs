// Module hooks of unbuilt-tree.mjs: a workspace package's dist/ does not exist until its build was asked for.
import { existsSync } from 'node:fs';

let builtMarker;
export function initialize(data) {
  builtMarker = data.builtMarker;
}

export async function resolve(specifier, context, nextResolve) {
  const resolved = await nextResolve(specifier, context);
  const unbuilt = /\/(shared|api|account-remote|marketing-site|infra\/dev-oidc)\/dist\//.test(resolved.url);
  if (unbuilt && !(resolved.url.includes('/shared/dist/') && existsSync(builtMarker))) {
    const error = new Error(`Cannot find module '${new URL(resolved.url).pathname}' (not built yet)`);
    error.code = 'ERR_MODULE_NOT_FOUND';
    throw error;
  }
  return resolved;
}
