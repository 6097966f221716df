import * as v from 'valibot';
import { customerTypes, invitationStatuses, organizationRoles } from '../domain/enumerations.js';
import { defineEndpoint } from './endpoint.js';

export const AccountSchema = v.object({
  id: v.string(),
  email: v.string(),
  firstName: v.string(),
  lastName: v.string(),
  phone: v.nullable(v.string()),
  company: v.nullable(v.string()),
  jobTitle: v.nullable(v.string()),
  receiveEmails: v.boolean(),
  status: v.picklist(invitationStatuses),
  organization: v.object({
    id: v.string(),
    name: v.string(),
    customerType: v.picklist(customerTypes),
  }),
  role: v.picklist(organizationRoles),
});
export type Account = v.InferOutput<typeof AccountSchema>;

export const getAccount = defineEndpoint({
  operation: 'getAccount',
  summary: "The signed-in user's account information",
  method: 'GET',
  path: '/account',
  auth: 'bearer',
  permission: { resource: 'account', action: 'read' },
  response: AccountSchema,
  allowedWithExpiredPassword: true,
});
