// The onboarding feature's one door: its screens, each loaded when first opened (AuthApp routes to them).
import { lazy } from 'react';

export const onboardingScreens = {
  signup: lazy(() =>
    import(/* webpackChunkName: "signup" */ './signup-screen').then((module) => ({
      default: module.SignupScreen,
    })),
  ),
  acceptInvitation: lazy(() =>
    import(/* webpackChunkName: "accept-invitation" */ './accept-invitation-screen').then((module) => ({
      default: module.AcceptInvitationScreen,
    })),
  ),
  postSignup: lazy(() =>
    import(/* webpackChunkName: "post-signup" */ './post-signup-screen').then((module) => ({
      default: module.PostSignupScreen,
    })),
  ),
  verifyEmail: lazy(() =>
    import(/* webpackChunkName: "verify-email" */ './verify-email-screen').then((module) => ({
      default: module.VerifyEmailScreen,
    })),
  ),
  reactivateTrial: lazy(() =>
    import(/* webpackChunkName: "reactivate-trial" */ './reactivate-trial-screen').then((module) => ({
      default: module.ReactivateTrialScreen,
    })),
  ),
  unsubscribe: lazy(() =>
    import(/* webpackChunkName: "unsubscribe" */ './unsubscribe-screen').then((module) => ({
      default: module.UnsubscribeScreen,
    })),
  ),
};
