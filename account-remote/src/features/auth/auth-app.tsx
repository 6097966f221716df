import { useAuth } from '@dcipher/shared/auth';
import type { RemoteScreenProps } from '@dcipher/shared/federation';
import { useEffect } from 'react';
import { LoginScreen } from './login-screen';

/** The auth screens; a visitor who is already signed in goes straight to the account area. */
export function AuthApp({ navigate }: RemoteScreenProps) {
  const status = useAuth((state) => state.status);
  useEffect(() => {
    if (status === 'authenticated') navigate('/account');
  }, [status, navigate]);
  return <LoginScreen navigate={navigate} />;
}
