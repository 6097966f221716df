import { authStore, configureAuth } from '@dcipher/shared/auth';
import { browserConfig } from '../site-config';

export function startAuth(): void {
  configureAuth({ apiBaseUrl: browserConfig.apiBaseUrl, cookieDomain: browserConfig.cookieDomain });
  void authStore.getState().initialize();
}
