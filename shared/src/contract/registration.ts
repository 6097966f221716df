import * as v from 'valibot';
import { companySizeBands, customerTypes } from '../domain/enumerations.js';
import { predefinedWorkflows } from '../domain/workflows.js';
import { emailField, nameMaxLength, optionalText, phoneField, requiredText } from '../validation/fields.js';
import { validationMessages, workflowMessages } from '../validation/messages.js';
import { newPassword } from '../validation/password-policy.js';
import { TokenPairSchema } from './auth.js';
import { captchaField } from './captcha.js';
import { defineEndpoint } from './endpoint.js';
import { companyMaxLength, jobTitleMaxLength } from './lead-fields.js';

/** The terms must be accepted; unticked reads as a required field left empty. */
const termsAccepted = v.literal(true, validationMessages.required);

/**
 * Create account (1/2). Business customers give their company size band; individuals may leave the company empty.
 * The same schema validates the sign-up form and the API's body.
 */
export const RegistrationInputSchema = v.pipe(
  v.object({
    firstName: requiredText(nameMaxLength),
    lastName: requiredText(nameMaxLength),
    email: emailField,
    password: newPassword,
    phone: phoneField,
    company: optionalText(companyMaxLength),
    jobTitle: optionalText(jobTitleMaxLength),
    receiveEmails: v.optional(v.boolean(), false),
    customerType: v.picklist(customerTypes, validationMessages.required),
    companySize: v.optional(v.picklist(companySizeBands, validationMessages.required)),
    termsAccepted,
    /** "Try it" in the workflow store: the predefined workflow the new organization starts with (0071). */
    workflow: v.optional(
      v.picklist(
        predefinedWorkflows.map((workflow) => workflow.id) as [string, ...string[]],
        workflowMessages.unknownPredefined,
      ),
    ),
    /**
     * The currency the visitor saw prices in on the pricing page (docs/decisions/0078): the organization pays in it
     * from then on. Absent: the billing country decides when a card is added.
     */
    currency: v.optional(v.picklist(['usd', 'eur', 'gpb'], 'Please choose a currency: usd, eur or gpb.')),
    /**
     * The plan the visitor started the trial from on the pricing page (`/signup?plan=…`): the free trial gives its
     * features and quotas (docs/decisions/0085). Nothing is charged for it. A plan that is not a self-serve plan of
     * the customer type is not kept (the trial is then of the type's most complete plan).
     */
    plan: v.optional(v.pipe(v.string(), v.maxLength(100, 'Please choose a plan of the pricing page.'))),
    ...captchaField,
  }),
  // A business gives its company and size band. Partial checks run even while other fields are wrong, so the
  // form reports these together with everything else.
  v.forward(
    v.partialCheck(
      [['customerType'], ['company']],
      (input) => input.customerType !== 'Business' || Boolean(input.company),
      validationMessages.required,
    ),
    ['company'],
  ),
  v.forward(
    v.partialCheck(
      [['customerType'], ['companySize']],
      (input) => input.customerType !== 'Business' || input.companySize !== undefined,
      validationMessages.required,
    ),
    ['companySize'],
  ),
);
export type RegistrationInput = v.InferInput<typeof RegistrationInputSchema>;

/** The same answer whether or not the address already had an account (no user enumeration). */
export const RegistrationReceiptSchema = v.object({
  email: v.string(),
  verificationRequired: v.literal(true),
  /**
   * Lets sign-up's step 2, "Add payment method (2/2)", call `POST /credit-cards` for 30 minutes, before the
   * address is verified; it is no access token and no other endpoint takes it (docs/decisions/0021).
   */
  paymentSetupToken: v.string(),
});

export const register = defineEndpoint({
  operation: 'register',
  errors: [],
  summary: 'Create an account and its organization (14-day trial); a verification link is emailed',
  method: 'POST',
  path: '/register',
  auth: 'public',
  body: { name: 'registrationInput', schema: RegistrationInputSchema },
  response: RegistrationReceiptSchema,
  successStatus: 201,
});

export const VerifyEmailInputSchema = v.object({
  token: v.pipe(v.string(), v.nonEmpty(validationMessages.required)),
});

/** `emailChanged`: the link confirmed a change of address (POST /update-email), now the sign-in address. */
const EmailVerifiedSchema = v.object({
  email: v.string(),
  verified: v.literal(true),
  emailChanged: v.optional(v.literal(true)),
});

export const verifyEmail = defineEndpoint({
  operation: 'verifyEmail',
  errors: ['VERIFICATION_LINK_EXPIRED', 'VERIFICATION_FAILED'],
  summary: 'Confirm an email address with the token from the emailed link',
  method: 'POST',
  path: '/verify-email',
  auth: 'public',
  body: { name: 'verifyEmailInput', schema: VerifyEmailInputSchema },
  response: v.union([
    // A new account's first confirmation also signs its owner in (docs/decisions/0050): the session's tokens.
    // `workflowId`: the workflow chosen in the store ("Try it"), its sample's run started by this confirmation.
    v.object({
      ...EmailVerifiedSchema.entries,
      ...TokenPairSchema.entries,
      workflowId: v.optional(v.string()),
    }),
    EmailVerifiedSchema,
  ]),
});
export type EmailVerified = v.InferOutput<(typeof verifyEmail)['response']>;

/** Whether confirming the address also signed its owner in. */
export const isSignedInVerification = (
  result: EmailVerified,
): result is EmailVerified & v.InferOutput<typeof TokenPairSchema> => 'accessToken' in result;

export const SendConfirmationInputSchema = v.object({ email: emailField });

export const sendConfirmation = defineEndpoint({
  operation: 'sendConfirmation',
  errors: [],
  summary: 'Email a new verification link (the answer is the same for any address)',
  method: 'POST',
  path: '/send-confirmation',
  auth: 'public',
  body: { name: 'sendConfirmationInput', schema: SendConfirmationInputSchema },
  response: v.object({ sent: v.literal(true) }),
  successStatus: 202,
});

/** Quick registration: the address typed into a marketing call to action, emailed a link to finish signing up. */
export const QuickRegistrationInputSchema = v.object({ email: emailField });
export type QuickRegistrationInput = v.InferInput<typeof QuickRegistrationInputSchema>;

export const quickRegister = defineEndpoint({
  operation: 'quickRegister',
  errors: [],
  summary:
    'Email a link to finish signing up (/signup with the address filled in); the answer is the same for any address',
  method: 'POST',
  path: '/register/quick',
  auth: 'public',
  body: { name: 'quickRegistrationInput', schema: QuickRegistrationInputSchema },
  response: v.object({ email: v.string(), sent: v.literal(true) }),
  successStatus: 202,
});
