import type { RemoteScreenProps } from '@dcipher/shared/federation';
import { LoginScreen } from '../features/auth/login-screen';
import { SignupScreen } from '../features/onboarding/signup-screen';
import { ScreenRouter } from '../router/screen-router';

/**
 * The login screen as AuthApp renders it at /login, for the site's build to put in the page's HTML (0054): the
 * form paints with the page and takes what a visitor types before this remote has loaded. The tree is AuthApp's
 * (its ScreenRouter, given the screen itself instead of the lazily loaded one), so when the remote arrives React
 * hydrates that HTML instead of rendering it again. The site imports this module only when it renders its pages
 * at build time; its browser bundle never carries it.
 */
export function PrerenderedLogin({ navigate }: RemoteScreenProps) {
  return <ScreenRouter Screen={LoginScreen} navigate={navigate} />;
}

/**
 * The sign-up form as AuthApp renders it at /signup (docs/decisions/0083), for the same reason: the page paints its
 * final layout at once instead of a frame that the form then pushes down. The build renders it with no address
 * and no draft; SignupScreen's first render while hydrating is that same form.
 */
export function PrerenderedSignup({ navigate }: RemoteScreenProps) {
  return <ScreenRouter Screen={SignupScreen} navigate={navigate} />;
}
