/** @jest-environment jsdom */
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import * as v from 'valibot';
import { ApiError } from '../client/api-error.js';
import { emailField, optionalText, requiredText } from '../validation/fields.js';
import { validationMessages } from '../validation/messages.js';
import { newPassword } from '../validation/password-policy.js';
import { Form, FormSubmitButton, useContractForm } from './contract-form.js';
import { FormCheckboxField, FormSelectField, FormTextField } from './form-fields.js';
import { FormNewPasswordField } from './password-rules.js';

const Schema = v.object({
  name: requiredText(20),
  email: emailField,
  nickname: optionalText(20),
  size: v.picklist(['small', 'large'], validationMessages.required),
  terms: v.literal(true, validationMessages.required),
  token: v.pipe(v.optional(v.string(), ''), v.nonEmpty(validationMessages.captcha)),
});

function TestForm({ onSubmit }: { onSubmit: (values: v.InferOutput<typeof Schema>) => Promise<void> }) {
  const form = useContractForm({
    schema: Schema,
    defaultValues: { name: '', email: '', nickname: '', size: '', terms: false, token: '' },
    onSubmit,
  });
  return (
    <Form form={form} aria-label="Test">
      <FormTextField form={form} name="name" label="Name" />
      <FormTextField form={form} name="email" label="Email" />
      <FormTextField form={form} name="nickname" label="Nickname" />
      <FormSelectField
        form={form}
        name="size"
        label="Size"
        placeholder="Choose"
        options={[
          { value: 'small', label: 'Small' },
          { value: 'large', label: 'Large' },
        ]}
      />
      <FormCheckboxField form={form} name="terms" label="I agree" />
      <button type="button" onClick={() => form.setFieldValue('token', 'solved')}>
        Solve
      </button>
      <span>{form.getFieldState('token', form.formState).error?.message}</span>
      <FormSubmitButton form={form} busyLabel="Saving…">
        Save
      </FormSubmitButton>
    </Form>
  );
}

/** Only compiled: field names and default values are checked against the schema. */
export function TypeChecks() {
  const form = useContractForm({
    schema: Schema,
    // @ts-expect-error a required field of the schema is missing from the defaults
    defaultValues: { name: '', size: '', terms: false, token: '' },
    onSubmit: () => undefined,
  });
  return (
    <Form form={form}>
      {/* @ts-expect-error not a field of the schema */}
      <FormTextField form={form} name="nmae" label="Name" />
      {/* @ts-expect-error a checkbox field is not text */}
      <FormTextField form={form} name="terms" label="Terms" />
      {/* @ts-expect-error a text field is not a checkbox */}
      <FormCheckboxField form={form} name="email" label="Email" />
    </Form>
  );
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));

describe('a form bound to a contract schema', () => {
  afterEach(cleanup);

  it('shows no message before the first submit, then each field message, focusing the first invalid field', async () => {
    const onSubmit = jest.fn();
    render(<TestForm onSubmit={onSubmit} />);
    type('Email', 'nope');
    expect(screen.queryByText(validationMessages.invalidEmail)).toBeNull();
    submit();
    expect(await screen.findByText(validationMessages.invalidEmail)).toBeTruthy();
    expect(screen.getAllByText(validationMessages.required)).toHaveLength(3); // name, size, terms
    expect(screen.getByText(validationMessages.captcha)).toBeTruthy();
    expect(field('Name').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field('Name'));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('clears each message as soon as its field is corrected, custom fields included', async () => {
    render(<TestForm onSubmit={jest.fn()} />);
    submit();
    await screen.findAllByText(validationMessages.required);
    type('Name', 'Ada');
    await waitFor(() => expect(field('Name').getAttribute('aria-invalid')).toBeNull());
    type('Email', 'ada@example.com');
    await waitFor(() => expect(field('Email').getAttribute('aria-invalid')).toBeNull());
    expect(screen.getAllByText(validationMessages.required)).toHaveLength(2); // size and terms not fixed yet
    fireEvent.change(field('Size'), { target: { value: 'large' } });
    fireEvent.click(field('I agree'));
    await waitFor(() => expect(screen.queryByText(validationMessages.required)).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Solve' }));
    await waitFor(() => expect(screen.queryByText(validationMessages.captcha)).toBeNull());
    // A field broken again after the submit shows its message again at once.
    type('Email', 'ada@');
    expect(await screen.findByText(validationMessages.invalidEmail)).toBeTruthy();
  });

  async function fillAndSubmit() {
    type('Name', ' Ada ');
    type('Email', 'Ada@Example.com');
    fireEvent.change(field('Size'), { target: { value: 'small' } });
    fireEvent.click(field('I agree'));
    fireEvent.click(screen.getByRole('button', { name: 'Solve' }));
    submit();
  }

  it('calls onSubmit with the schema output; an empty optional text is left out', async () => {
    const onSubmit = jest.fn().mockResolvedValue(undefined);
    render(<TestForm onSubmit={onSubmit} />);
    await fillAndSubmit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0][0]).toEqual({
      name: 'Ada',
      email: 'ada@example.com',
      size: 'small',
      terms: true,
      token: 'solved',
    });
  });

  it('shows the busy label while the call runs', async () => {
    let finish: () => void = () => undefined;
    render(<TestForm onSubmit={() => new Promise<void>((resolve) => (finish = resolve))} />);
    await fillAndSubmit();
    const busy = await screen.findByRole('button', { name: 'Saving…' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    await act(async () => finish());
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
  });

  it("puts an ApiError's messages on its fields and on top, keeps the values, and clears a corrected field", async () => {
    const onSubmit = jest
      .fn()
      .mockRejectedValue(
        new ApiError('Email already used', 409, 'ACCOUNT_EXISTS', { email: 'This address is taken' }),
      );
    render(<TestForm onSubmit={onSubmit} />);
    await fillAndSubmit();
    expect((await screen.findByRole('alert')).textContent).toBe('Email already used');
    expect(screen.getByText('This address is taken')).toBeTruthy();
    expect(field('Name').value).toBe(' Ada ');
    expect(document.activeElement).toBe(field('Email'));
    type('Email', 'grace@example.com');
    await waitFor(() => expect(screen.queryByText('This address is taken')).toBeNull());
  });

  it('shows "Server error" for anything but an ApiError', async () => {
    render(<TestForm onSubmit={jest.fn().mockRejectedValue(new TypeError('boom'))} />);
    await fillAndSubmit();
    expect((await screen.findByRole('alert')).textContent).toBe('Server error');
  });
});

describe('a new password field', () => {
  const PasswordSchema = v.object({ password: newPassword });
  function PasswordForm() {
    const form = useContractForm({
      schema: PasswordSchema,
      defaultValues: { password: '' },
      onSubmit: () => undefined,
    });
    return (
      <Form form={form}>
        <FormNewPasswordField form={form} name="password" label="Password" rulesId="rules" />
        <FormSubmitButton form={form} busyLabel="Saving…">
          Save
        </FormSubmitButton>
      </Form>
    );
  }
  const unmet = () =>
    [...document.querySelectorAll('#rules li[data-met="false"] span:nth-child(2)')].map((e) => e.textContent);

  afterEach(cleanup);

  it('lists every rule before any attempt, each once, and never repeats a rule under the field', async () => {
    render(<PasswordForm />);
    expect(unmet()).toEqual([
      'Password must contain at least 12 characters',
      'Password requires a number',
      'Password requires a lowercase letter',
      'Password requires an uppercase letter',
      'Password requires a symbol',
    ]);
    type('Password', 'harbourlights');
    submit();
    await waitFor(() => expect(field('Password').getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getAllByText('Password requires a number')).toHaveLength(1);
    expect(unmet()).toEqual([
      'Password requires a number',
      'Password requires an uppercase letter',
      'Password requires a symbol',
    ]);
    type('Password', 'Harbour-Lights-2026');
    await waitFor(() => expect(field('Password').getAttribute('aria-invalid')).toBeNull());
    expect(unmet()).toEqual([]);
  });

  it('says "This field is required" under an empty password after a submit', async () => {
    render(<PasswordForm />);
    submit();
    expect(await screen.findByText(validationMessages.required)).toBeTruthy();
  });
});

describe('an optional field the form asks for all the same', () => {
  const ConfirmSchema = v.object({
    confirm: v.optional(v.pipe(v.string(), v.nonEmpty(validationMessages.required))),
  });
  function ConfirmForm({ keep }: { keep: boolean }) {
    const form = useContractForm({
      schema: ConfirmSchema,
      defaultValues: { confirm: '' },
      onSubmit: () => undefined,
      ...(keep ? { keepEmpty: ['confirm'] as const } : {}),
    });
    return (
      <Form form={form}>
        <FormTextField form={form} name="confirm" label="Confirm" />
        <FormSubmitButton form={form} busyLabel="Saving…">
          Save
        </FormSubmitButton>
      </Form>
    );
  }
  afterEach(cleanup);

  it('is left out when empty, unless the form keeps it', async () => {
    render(<ConfirmForm keep={false} />);
    submit();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy());
    expect(screen.queryByText(validationMessages.required)).toBeNull();
    cleanup();
    render(<ConfirmForm keep />);
    submit();
    expect(await screen.findByText(validationMessages.required)).toBeTruthy();
  });
});
