import { authStore, configureAuth } from '@dcipher/shared/auth';
import { rememberSignOuts } from '../app-shell/signed-out-notice';
import { browserConfig } from '../site-config';

export function startAuth(): void {
  configureAuth({ apiBaseUrl: browserConfig.apiBaseUrl, cookieDomain: browserConfig.cookieDomain });
  rememberSignOuts();
  void authStore.getState().initialize();
}
