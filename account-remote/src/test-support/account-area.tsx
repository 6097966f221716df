import { authStore } from '@dcipher/shared/auth';
import { renderScreen } from './render-screen';
import { SiteHost } from './site-host';

/** The account area, signed in, opened at `path` as the site hosts it: inside the layout's `<main>`. */
export async function openAccountArea(path: string) {
  authStore.setState({ status: 'authenticated' });
  window.history.pushState(null, '', path);
  await renderScreen(<SiteHost />);
}
