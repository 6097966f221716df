export * from './activity.js';
export * from './billing.js';
export * from './company-facts.js';
export * from './constants.js';
export * from './countries.js';
export * from './enumerations.js';
export { permissionTableMarkdown } from './permission-table.js';
export * from './permissions.js';
export * from './regions.js';
