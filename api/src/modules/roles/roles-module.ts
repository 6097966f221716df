import { apiModule } from '../../http/api-module.js';
import { registerRolesRoutes } from './roles-routes.js';

/** Roles and abilities on resources, through the permission policy. */
export const rolesModule = apiModule({
  name: 'roles',
  dependencies: ['members'],
  routes: (scope) => registerRolesRoutes(scope, scope.database, scope.members),
});
