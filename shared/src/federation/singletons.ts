/**
 * Modules the site (host) and the account remote share as singletons: one React, one Emotion cache, one zustand
 * and one copy of the shared library, so host and remote see the same auth store. The remote's webpack config
 * and the host's runtime registration both read this list; their versions come from the installed packages,
 * pinned once in the workspace catalog.
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
  '@dcipher/shared/contract',
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
