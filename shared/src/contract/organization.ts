import * as v from 'valibot';
import { accountMessages, validationMessages } from '../validation/messages.js';
import { DeletionReceiptSchema } from './account.js';
import { defineEndpoint } from './endpoint.js';

/** Typing the organization's name confirms the deletion (exactly, but for spaces around it). */
export const DeleteOrganizationInputSchema = v.object({
  confirmName: v.pipe(
    v.string(validationMessages.required),
    v.trim(),
    v.nonEmpty(validationMessages.required),
    v.maxLength(1000, accountMessages.confirmNameMismatch),
  ),
});
export type DeleteOrganizationInput = v.InferInput<typeof DeleteOrganizationInputSchema>;

export const deleteOrganization = defineEndpoint({
  operation: 'deleteOrganization',
  errors: ['DELETION_NOT_CONFIRMED'],
  summary: 'Delete the organization with all its members and their data (admins only); its name confirms it',
  method: 'DELETE',
  path: '/organization',
  auth: 'bearer',
  body: { name: 'deleteOrganizationInput', schema: DeleteOrganizationInputSchema },
  response: DeletionReceiptSchema,
  permission: { resource: 'organization', action: 'delete' },
});
