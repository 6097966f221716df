import { errorCatalogue } from '@dcipher/shared/validation';

/** A path below /account that names no screen. */
export function NotFoundInAccount({ navigate }: { navigate: (to: string) => void }) {
  return (
    <div>
      <p css={{ marginTop: 0 }}>{errorCatalogue.notFound}</p>
      <a
        href="/account"
        onClick={(event) => {
          event.preventDefault();
          navigate('/account');
        }}
      >
        Go to your account information
      </a>
    </div>
  );
}
