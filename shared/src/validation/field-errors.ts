import * as v from 'valibot';
import { invalidValueMessage, validationMessages } from './messages.js';

export type FieldErrors = Record<string, string>;

/**
 * The message to show for an issue. A field left out fails in valibot as an object-level "Invalid key" issue, not
 * with the field's own message; left out and left empty are the same mistake: "This field is required".
 */
export function issueMessage(issue: v.BaseIssue<unknown>): string {
  const missingKey =
    issue.kind === 'schema' && issue.type === 'object' && issue.input === undefined && issue.path;
  if (missingKey) return validationMessages.required;
  // Valibot's own texts quote what was received ("... but received "<script>""): a message never repeats input.
  return isValibotDefaultMessage(issue) ? invalidValueMessage : issue.message;
}

/** A rule without a message of ours answers valibot's default: "Invalid <kind>: Expected … but received …". */
const isValibotDefaultMessage = (issue: v.BaseIssue<unknown>) =>
  issue.message.startsWith('Invalid ') && /\b[Rr]eceived\b/.test(issue.message);

/** The first message per top-level field, for showing under each form field. */
export function fieldErrorsOf(issues: readonly v.BaseIssue<unknown>[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path?.map((item) => String(item.key)).join('.') ?? '';
    if (key && !(key in errors)) errors[key] = issueMessage(issue);
  }
  return errors;
}

/** Validates a form's values against the same schema the endpoint uses. */
export function validateForm<TSchema extends v.GenericSchema>(
  schema: TSchema,
  values: unknown,
): { success: true; output: v.InferOutput<TSchema> } | { success: false; errors: FieldErrors } {
  // Every rule is checked (the first message per field is kept), so all mistakes show at once.
  const result = v.safeParse(schema, values);
  return result.success
    ? { success: true, output: result.output }
    : { success: false, errors: fieldErrorsOf(result.issues) };
}
