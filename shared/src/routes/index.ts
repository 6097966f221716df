export {
  type AccountRouteId,
  type AccountSection,
  type AuthRouteId,
  allRoutes,
  type BrowserRoute,
  clientOnlyPrefixes,
  clientOnlyPrefixOf,
  type DeclaredRoute,
  matchRoute,
  type PathParams,
  pathTo,
  type RemoteAppName,
  type RemoteRouteId,
  type RouteId,
  type RouteMatch,
  type RouteServer,
  remoteRoutes,
  routes,
} from './browser-routes.js';
export { emailLinks } from './email-links.js';
export {
  keepsAnonymousVisitors,
  loginReturningTo,
  returnPathFrom,
  returnPathOf,
  returnToParameter,
  sendsAnonymousToLogin,
} from './return-path.js';
