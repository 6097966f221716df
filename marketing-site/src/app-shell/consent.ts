import { type ConsentStore, createConsentStore } from '@dcipher/shared/analytics';

let store: ConsentStore | undefined;

/** The visitor's analytics consent, one store per page load (browser only). */
export function consentStore(): ConsentStore {
  store ??= createConsentStore();
  return store;
}
