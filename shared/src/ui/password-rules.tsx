import { useId } from 'react';
import type { Path } from 'react-hook-form';
import { passwordTooShort, validationMessages } from '../validation/messages.js';
import { passwordPolicy, passwordProblems } from '../validation/password-policy.js';
import type { ContractForm, FieldNameOf } from './contract-form.js';
import { fieldError } from './form-fields.js';
import { TextField, type TextFieldProps, visuallyHidden } from './text-field.js';
import { theme } from './theme.js';
import { useHydrated } from './use-hydrated-defaults.js';

/** The rules a new password must meet, in the order a person fixes them (the policy's own messages). */
export const passwordRuleMessages: readonly string[] = [
  passwordTooShort(passwordPolicy.minLength),
  validationMessages.passwordRequiresNumber,
  validationMessages.passwordRequiresLowercase,
  validationMessages.passwordRequiresUppercase,
  validationMessages.passwordRequiresSymbol,
];

/**
 * Every password rule, shown from the start, each once with whether the password meets it yet. A rule that
 * fails is not repeated as a message under the field.
 */
export function PasswordRules({ password, id }: { password: string; id?: string }) {
  const problems = passwordProblems(password);
  const extra = problems.filter(
    (problem) => problem !== validationMessages.required && !passwordRuleMessages.includes(problem),
  );
  const rules = [...passwordRuleMessages, ...extra];
  return (
    <ul
      id={id}
      aria-live="polite"
      css={{ margin: '-0.5rem 0 1rem', padding: 0, listStyle: 'none', fontSize: '0.9rem' }}
    >
      {rules.map((rule) => {
        const met = !problems.includes(rule);
        return (
          <li
            key={rule}
            data-met={met}
            css={{ display: 'flex', gap: '0.4rem', color: met ? '#05603a' : theme.colors.muted }}
          >
            <span aria-hidden="true">{met ? '✓' : '○'}</span>
            <span>{rule}</span>
            <span css={visuallyHidden}>{met ? '(met)' : '(not met yet)'}</span>
          </li>
        );
      })}
    </ul>
  );
}

export type FormNewPasswordFieldProps<TValues extends Record<string, unknown>, TOutput> = Omit<
  TextFieldProps,
  'form' | 'name' | 'error' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'type'
> & {
  form: ContractForm<TValues, TOutput>;
  name: Path<TValues> & FieldNameOf<TValues, string>;
  /** Fields to re-validate with this one once submitted (the confirmation). */
  deps?: Path<TValues>[];
  /** The id of the rule list (for tests and links); generated when absent. */
  rulesId?: string;
};

/**
 * A password being chosen, with its rule list under it. The field's own message is only what the list does not
 * say already ("This field is required", a server message).
 */
export function FormNewPasswordField<TValues extends Record<string, unknown>, TOutput>({
  form,
  name,
  deps,
  rulesId,
  id,
  autoComplete = 'new-password',
  ...props
}: FormNewPasswordFieldProps<TValues, TOutput>) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const listId = rulesId ?? `${inputId}-rules`;
  const watched = form.watch(name);
  // While React hydrates a page's HTML of this form (sign-up, docs/decisions/0083), the list must read as that HTML
  // does: a password typed before the scripts ran is the field's value at once, and its rules show once live.
  const hydrated = useHydrated();
  const password = hydrated && typeof watched === 'string' ? watched : '';
  const message = fieldError(form, name);
  const error = message && !passwordRuleMessages.includes(message) ? message : undefined;
  return (
    <>
      <TextField
        {...props}
        {...form.register(name, { deps })}
        id={inputId}
        type="password"
        autoComplete={autoComplete}
        error={error}
        aria-invalid={message ? true : undefined}
        aria-describedby={error ? `${inputId}-error ${listId}` : listId}
      />
      <PasswordRules password={password} id={listId} />
    </>
  );
}
