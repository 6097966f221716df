import type { IntegrationProvider } from '@dcipher/shared/contract';
import type { IntegrationName } from '@dcipher/shared/validation';
import type { IntegrationSettings } from '../../config.js';
import { HttpOAuthProvider } from './http-oauth-provider.js';
import type { OAuthProvider } from './oauth-provider.js';

const displayNames: Record<IntegrationProvider, IntegrationName> = {
  miro: 'Miro',
  surveymonkey: 'SurveyMonkey',
};

export type OAuthProviders = Partial<Record<IntegrationProvider, OAuthProvider>>;

/** One HTTP provider per configured OAuth client (`MIRO_*`, `SURVEYMONKEY_*`); the others are left out. */
export function createOAuthProviders(settings: IntegrationSettings): OAuthProviders {
  const providers: OAuthProviders = {};
  for (const name of Object.keys(displayNames) as IntegrationProvider[]) {
    const client = settings[name];
    if (client) providers[name] = new HttpOAuthProvider(name, displayNames[name], client);
  }
  return providers;
}

export { displayNames as integrationDisplayNames };
