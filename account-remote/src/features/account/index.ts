// The account feature's one door: the personal screens, each loaded when first opened (the account area's router
// in apps/account shows them).
import { lazy } from 'react';

export const accountScreens = {
  overview: lazy(() => import(/* webpackChunkName: "account-overview" */ './overview-screen')),
  profile: lazy(() => import(/* webpackChunkName: "account-profile" */ './profile-screen')),
  password: lazy(() => import(/* webpackChunkName: "account-password" */ './password-screen')),
  privacy: lazy(() => import(/* webpackChunkName: "account-privacy" */ './privacy-screen')),
  deleteAccount: lazy(() => import(/* webpackChunkName: "account-delete" */ './delete-account-screen')),
  contact: lazy(() => import(/* webpackChunkName: "account-contact" */ './contact-screen')),
};
