import type { RemoteScreenProps } from '@dcipher/shared/federation';
import type { ComponentType } from 'react';
import { browserConfig } from '../site-config';

export type AccountScreenName = 'AuthApp' | 'AccountApp';
export type AccountScreen = ComponentType<RemoteScreenProps>;

type FederationHost = ReturnType<typeof import('@module-federation/enhanced/runtime').createInstance>;

let hostPromise: Promise<FederationHost> | undefined;

async function createFederationHost(): Promise<FederationHost> {
  // Loaded only after mount on the pages that need it: never during `gatsby build`, never on content pages. Named
  // chunks, so a signed-out page's head can preload them (src/first-view/remote-preload.tsx).
  const [{ createInstance }, { default: provideRuntimeToRemotes }, { hostSharedModules }] = await Promise.all(
    [
      import(/* webpackChunkName: "federation-runtime" */ '@module-federation/enhanced/runtime'),
      import(
        /* webpackChunkName: "federation-runtime" */ '@module-federation/inject-external-runtime-core-plugin'
      ),
      import(/* webpackChunkName: "federation-shared" */ './host-shared-modules'),
    ],
  );
  return createInstance({
    name: 'dcipher_site',
    remotes: [
      { name: 'account', entry: `${browserConfig.accountRemoteUrl.replace(/\/$/, '')}/mf-manifest.json` },
    ],
    shared: hostSharedModules(),
    // The remote is built with `experiments.externalRuntime` and runs on this runtime, which the plugin
    // publishes before the remote's entry loads, instead of a copy of its own (docs/decisions/0052).
    plugins: [provideRuntimeToRemotes()],
  });
}

/** Loads one of the remote's exposed screens at runtime. A failure is thrown, and the next call starts afresh. */
export async function loadAccountScreen(name: AccountScreenName): Promise<AccountScreen> {
  hostPromise ??= createFederationHost();
  try {
    const host = await hostPromise;
    const module = await host.loadRemote<{ default: AccountScreen }>(`account/${name}`);
    if (!module?.default) throw new Error(`The account remote did not expose ${name}`);
    return module.default;
  } catch (error) {
    hostPromise = undefined;
    throw error;
  }
}
