import * as v from 'valibot';
import { emailField, enteredPassword } from '../validation/fields.js';
import { validationMessages } from '../validation/messages.js';
import { newPassword } from '../validation/password-policy.js';
import { defineEndpoint } from './endpoint.js';

/** Forgot password: the address to email a reset link to. */
export const ResetPasswordInputSchema = v.object({ email: emailField });
export type ResetPasswordInput = v.InferInput<typeof ResetPasswordInputSchema>;

export const resetPassword = defineEndpoint({
  operation: 'resetPassword',
  errors: [],
  summary:
    'Email a one-time link (valid 1 hour) to choose a new password (the answer is the same for any address)',
  method: 'POST',
  path: '/reset-password',
  auth: 'public',
  body: { name: 'resetPasswordInput', schema: ResetPasswordInputSchema },
  response: v.object({ sent: v.literal(true) }),
  successStatus: 202,
});

/**
 * Reset password (the page at /new-password/{token}): the token from the emailed link and the new password typed
 * twice. The same schema validates the form and the API's body.
 */
export const NewPasswordInputSchema = v.pipe(
  v.object({
    token: v.pipe(v.string(validationMessages.required), v.nonEmpty(validationMessages.required)),
    password: newPassword,
    confirmPassword: enteredPassword,
  }),
  v.forward(
    v.partialCheck(
      [['password'], ['confirmPassword']],
      (input) => input.password === input.confirmPassword,
      validationMessages.passwordsDoNotMatch,
    ),
    ['confirmPassword'],
  ),
);
export type NewPasswordInput = v.InferInput<typeof NewPasswordInputSchema>;

export const setNewPassword = defineEndpoint({
  operation: 'setNewPassword',
  errors: ['RESET_LINK_EXPIRED', 'RESET_LINK_INVALID'],
  summary: 'Choose a new password with the token from the emailed link; every session of the user ends',
  method: 'POST',
  path: '/new-password',
  auth: 'public',
  body: { name: 'newPasswordInput', schema: NewPasswordInputSchema },
  response: v.object({ changed: v.literal(true) }),
});
