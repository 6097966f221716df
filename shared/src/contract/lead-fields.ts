import * as v from 'valibot';
import { emailField, nameMaxLength, optionalText, requiredText } from '../validation/fields.js';

export const companyMaxLength = 200;
export const jobTitleMaxLength = 100;

/**
 * The fields every marketing form asks about the person (contact us, white paper): the spec's user fields, with
 * the work email. Spread into each body schema so the forms and the API agree on one definition.
 */
export const leadFields = {
  firstName: requiredText(nameMaxLength),
  lastName: requiredText(nameMaxLength),
  email: emailField,
  company: requiredText(companyMaxLength),
  jobTitle: optionalText(jobTitleMaxLength),
  receiveEmails: v.optional(v.boolean(), false),
};
