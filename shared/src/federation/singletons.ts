/**
 * Modules the site (host) and the account remote share as singletons: one React, one Emotion cache, one zustand
 * and one copy of the shared library, so host and remote see the same auth store. The remote's webpack config
 * and the host's runtime registration both read this list; their versions come from the installed packages,
 * pinned once in the workspace catalog.
 *
 * `@dcipher/shared/contract` is not in it: it holds no state, and as one shared module every screen received all
 * 122 endpoints' schemas. Each side bundles the areas it imports (`@dcipher/shared/contract/<area>`), so the
 * login screen loads the auth area, not the billing one (docs/decisions/0052).
 */
export const federatedSingletons = [
  'react',
  'react/jsx-runtime',
  'react-dom',
  '@emotion/react',
  '@emotion/react/jsx-runtime',
  'zustand',
  '@dcipher/shared/auth',
  '@dcipher/shared/client',
  '@dcipher/shared/config',
  '@dcipher/shared/domain',
  '@dcipher/shared/ui',
  '@dcipher/shared/validation',
] as const;

export type FederatedSingleton = (typeof federatedSingletons)[number];

/** The package a shared module specifier belongs to, whose version it carries. */
export function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? `${parts[0]}/${parts[1]}` : (parts[0] as string);
}

/** What exposed remote screens receive from the host. */
export interface RemoteScreenProps {
  /** Client-side navigation of the host (Gatsby's navigate, or the standalone shell's). */
  navigate: (to: string) => void;
}
