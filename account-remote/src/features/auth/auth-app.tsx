import { useAuth } from '@dcipher/shared/auth';
import type { RemoteScreenProps } from '@dcipher/shared/federation';
import { type ComponentType, useEffect } from 'react';
import { AcceptInvitationScreen } from './accept-invitation-screen';
import { LoginScreen } from './login-screen';
import { ChangePasswordScreen, ForgotPasswordScreen, NewPasswordScreen } from './password-screens';
import { PostSignupScreen } from './post-signup-screen';
import { ReactivateTrialScreen } from './reactivate-trial-screen';
import { SignupScreen } from './signup-screen';
import { SsoLoginScreen } from './sso-login-screen';
import { UnsubscribeScreen } from './unsubscribe-screen';
import { VerifyEmailScreen } from './verify-email-screen';

const screens: Record<string, ComponentType<RemoteScreenProps>> = {
  '/login': LoginScreen,
  '/login/sso': SsoLoginScreen,
  '/signup': SignupScreen,
  '/postsignup': PostSignupScreen,
  '/verify-email': VerifyEmailScreen,
  '/forgot-password': ForgotPasswordScreen,
  '/change-password': ChangePasswordScreen,
  '/reactivate-trial': ReactivateTrialScreen,
  '/unsubscribe': UnsubscribeScreen,
};

/** Signed-out screens, chosen by path; a visitor who is already signed in goes to the account area from login. */
export function AuthApp({ navigate }: RemoteScreenProps) {
  const status = useAuth((state) => state.status);
  const path = window.location.pathname.replace(/\/$/, '') || '/login';
  // An invitation link (/signup?invitation=<token>) opens the invitee's page instead of self-service sign-up.
  const invitation = path === '/signup' && new URLSearchParams(window.location.search).has('invitation');
  const Screen = invitation
    ? AcceptInvitationScreen
    : path.startsWith('/new-password/')
      ? NewPasswordScreen
      : (screens[path] ?? LoginScreen);
  useEffect(() => {
    if (status === 'authenticated' && Screen === LoginScreen) navigate('/account');
  }, [status, navigate, Screen]);
  return <Screen navigate={navigate} />;
}
