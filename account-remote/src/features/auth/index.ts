// The auth feature's one door: the sign-in screens, each loaded when first opened (AuthApp in apps/auth routes to
// them), so the login page downloads only the login form.
import { lazy } from 'react';

const passwordScreen = (name: 'ForgotPasswordScreen' | 'NewPasswordScreen' | 'ChangePasswordScreen') =>
  lazy(() =>
    import(/* webpackChunkName: "password" */ './password-screens').then((module) => ({
      default: module[name],
    })),
  );

export const authScreens = {
  login: lazy(() =>
    import(/* webpackChunkName: "login" */ './login-screen').then((module) => ({
      default: module.LoginScreen,
    })),
  ),
  ssoLogin: lazy(() =>
    import(/* webpackChunkName: "sso-login" */ './sso-login-screen').then((module) => ({
      default: module.SsoLoginScreen,
    })),
  ),
  forgotPassword: passwordScreen('ForgotPasswordScreen'),
  newPassword: passwordScreen('NewPasswordScreen'),
  changePassword: passwordScreen('ChangePasswordScreen'),
};
