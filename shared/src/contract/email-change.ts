import * as v from 'valibot';
import { emailField } from '../validation/fields.js';
import { emailChangeMessages } from '../validation/messages.js';
import { signInPassword } from './auth.js';
import { defineEndpoint } from './endpoint.js';

/**
 * Change the sign-in address: the current address and password prove who asks (the endpoint is public, for the
 * person on /postsignup who typed a wrong address and cannot sign in yet). The same schema validates the form
 * and the API's body.
 */
export const UpdateEmailInputSchema = v.pipe(
  v.object({
    email: emailField,
    password: signInPassword,
    newEmail: emailField,
  }),
  v.forward(
    v.partialCheck(
      [['email'], ['newEmail']],
      (input) => input.email !== input.newEmail,
      emailChangeMessages.sameAsCurrent,
    ),
    ['newEmail'],
  ),
);
export type UpdateEmailInput = v.InferInput<typeof UpdateEmailInputSchema>;

/** The same answer whether the new address was free or already had an account (no user enumeration). */
export const EmailChangeReceiptSchema = v.object({
  email: v.string(),
  verificationRequired: v.literal(true),
});
export type EmailChangeReceipt = v.InferOutput<typeof EmailChangeReceiptSchema>;

export const updateEmail = defineEndpoint({
  operation: 'updateEmail',
  errors: ['INVALID_CREDENTIALS', 'ACCOUNT_SUSPENDED'],
  summary:
    'Change the sign-in address (email and password prove who asks); a link to confirm it goes to the new address',
  method: 'POST',
  path: '/update-email',
  auth: 'public',
  body: { name: 'updateEmailInput', schema: UpdateEmailInputSchema },
  response: EmailChangeReceiptSchema,
  successStatus: 202,
});
