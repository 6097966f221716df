import { organizationRoles, type PermissionAction, permissionActions } from './enumerations.js';
import { organizationRolePolicy, resourceRoleCeiling, resourceRolePolicy } from './permissions.js';

const describe = (actions: readonly PermissionAction[]) =>
  actions.length === 0
    ? '–'
    : permissionActions.every((action) => actions.includes(action))
      ? 'all'
      : permissionActions.filter((action) => actions.includes(action)).join(', ');

const row = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;

/**
 * The README's permission table, written from the declared policy (docs/decisions/0022): who may do what on each
 * resource by organization role, and what a role on one item adds. A test keeps the README's copy equal to it.
 */
export function permissionTableMarkdown(): string {
  const organizationTable = [
    row(['resource', ...organizationRoles]),
    row(['---', ...organizationRoles.map(() => '---')]),
    ...Object.entries(organizationRolePolicy).map(([resource, byRole]) =>
      row([resource, ...organizationRoles.map((role) => describe(byRole[role]))]),
    ),
  ];
  const resourceTable = [
    row(['role on one item', 'actions on that item', 'for a guest']),
    row(['---', '---', '---']),
    ...Object.entries(resourceRolePolicy).map(([grant, actions]) =>
      row([
        grant,
        describe(actions),
        describe(actions.filter((action) => resourceRoleCeiling.guest.includes(action))),
      ]),
    ),
  ];
  return [
    '"all" is transfer, create, read, update, delete and grant. By organization role:',
    '',
    ...organizationTable,
    '',
    'On the content resources (projects, templates, knowledge bases, workflows, files, AI models), a role on one item adds:',
    '',
    ...resourceTable,
  ].join('\n');
}
