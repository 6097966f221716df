import * as SharedAuth from '@dcipher/shared/auth';
import * as SharedClient from '@dcipher/shared/client';
import * as SharedConfig from '@dcipher/shared/config';
import * as SharedDomain from '@dcipher/shared/domain';
import { type FederatedSingleton, federatedSingletons, packageOf } from '@dcipher/shared/federation';
import * as SharedUi from '@dcipher/shared/ui';
import * as SharedValidation from '@dcipher/shared/validation';
import * as Emotion from '@emotion/react';
import * as EmotionJsxRuntime from '@emotion/react/jsx-runtime';
import * as React from 'react';
import * as ReactJsxRuntime from 'react/jsx-runtime';
import * as ReactDom from 'react-dom';
import * as Zustand from 'zustand';

declare const __FEDERATION_VERSIONS__: Record<string, string>;

// Typed as a Record over the shared list, so adding a singleton without providing it fails to compile.
const hostModules: Record<FederatedSingleton, unknown> = {
  react: React,
  'react/jsx-runtime': ReactJsxRuntime,
  'react-dom': ReactDom,
  '@emotion/react': Emotion,
  '@emotion/react/jsx-runtime': EmotionJsxRuntime,
  zustand: Zustand,
  '@dcipher/shared/auth': SharedAuth,
  '@dcipher/shared/client': SharedClient,
  '@dcipher/shared/config': SharedConfig,
  '@dcipher/shared/domain': SharedDomain,
  '@dcipher/shared/ui': SharedUi,
  '@dcipher/shared/validation': SharedValidation,
};

/** The site's own copies of the shared singletons, offered to the remote instead of its bundled fallbacks. */
export function hostSharedModules() {
  return Object.fromEntries(
    federatedSingletons.map((name) => {
      const version = __FEDERATION_VERSIONS__[packageOf(name)] ?? '0.0.0';
      return [
        name,
        {
          version,
          scope: 'default',
          lib: () => hostModules[name],
          shareConfig: { singleton: true, requiredVersion: `^${version}` },
        },
      ];
    }),
  );
}
