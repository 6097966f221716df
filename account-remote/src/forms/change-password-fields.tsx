import type { ChangePasswordInputSchema } from '@dcipher/shared/contract';
import { type ContractForm, FormNewPasswordField, FormTextField, type FormValues } from '@dcipher/shared/ui';

/**
 * Current, new and confirmed password, as both the expired-password screen and the account's password screen
 * ask for them. Each field re-checks the one that depends on it ("must be different", "do not match").
 */
export function ChangePasswordFields<TOutput>({
  form,
  rulesId,
}: {
  form: ContractForm<FormValues<typeof ChangePasswordInputSchema>, TOutput>;
  rulesId?: string;
}) {
  return (
    <>
      <FormTextField
        form={form}
        name="currentPassword"
        label="Current password"
        type="password"
        autoComplete="current-password"
        deps={['newPassword']}
      />
      <FormNewPasswordField
        form={form}
        name="newPassword"
        label="New password"
        deps={['confirmPassword']}
        {...(rulesId && { rulesId })}
      />
      <FormTextField
        form={form}
        name="confirmPassword"
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
      />
    </>
  );
}
