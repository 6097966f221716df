import { errorCatalogue } from '@dcipher/shared/validation';
import { RouteLink } from '../../router/remote-router';

/** A path below /account that names no screen. */
export function NotFoundInAccount() {
  return (
    <div>
      <p css={{ marginTop: 0 }}>{errorCatalogue.notFound}</p>
      <RouteLink to="account">Go to your account overview</RouteLink>
    </div>
  );
}
