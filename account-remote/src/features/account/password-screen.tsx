import { authStore } from '@dcipher/shared/auth';
import { ChangePasswordInputSchema } from '@dcipher/shared/contract';
import { Form, FormSubmitButton, Notice, useContractForm } from '@dcipher/shared/ui';
import { useState } from 'react';
import { ChangePasswordFields } from '../../forms/change-password-fields';
import { ScreenSection } from '../../kit/screen-section';

const emptyPasswords = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Changing the password (section 5's rules); every other session ends, this browser stays signed in. */
export default function PasswordScreen() {
  const [changed, setChanged] = useState(false);
  const form = useContractForm({
    schema: ChangePasswordInputSchema,
    defaultValues: emptyPasswords,
    onSubmit: async (values) => {
      setChanged(false);
      await authStore.getState().changePassword(values);
      form.reset(emptyPasswords);
      setChanged(true);
    },
  });

  return (
    <ScreenSection title="Change your password">
      {changed ? (
        <Notice>Your password has been changed. Your other sessions have been signed out.</Notice>
      ) : null}
      <Form form={form} aria-label="Change your password">
        <ChangePasswordFields form={form} rulesId="new-password-rules" />
        <FormSubmitButton form={form} busyLabel="Changing your password…">
          Change password
        </FormSubmitButton>
      </Form>
    </ScreenSection>
  );
}
