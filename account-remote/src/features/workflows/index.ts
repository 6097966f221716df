// The workflows feature's one door: the screens a customer lands on after signing in (docs/decisions/0071, 0072),
// each loaded when first opened by the account area's router.
import { lazy } from 'react';

export const workflowScreens = {
  list: lazy(() => import(/* webpackChunkName: "workflows-list" */ './workflows-screen')),
  create: lazy(() => import(/* webpackChunkName: "workflows-new" */ './new-workflow-screen')),
  flow: lazy(() => import(/* webpackChunkName: "workflows-flow" */ './workflow-screen')),
};
