// The workflows feature's one door: the screens a customer lands on after signing in (docs/decisions/0071, 0072),
// each loaded when first opened by the account area's router, and a public workflow's page (AuthApp's).
import { lazy } from 'react';

export const workflowScreens = {
  list: lazy(() => import(/* webpackChunkName: "workflows-list" */ './workflows-screen')),
  create: lazy(() => import(/* webpackChunkName: "workflows-new" */ './new-workflow-screen')),
  flow: lazy(() => import(/* webpackChunkName: "workflows-flow" */ './workflow-screen')),
  /** A public workflow's page, readable signed out: AuthApp routes to it (docs/decisions/0128). */
  shared: lazy(() => import(/* webpackChunkName: "shared-workflow" */ './shared-workflow-screen')),
};
