import { authenticatedApi, configuredApiBaseUrl, isAuthConfigured } from '@dcipher/shared/auth';
import { contract, type PricingPlan, RegistrationInputSchema } from '@dcipher/shared/contract';
import {
  companySizeBands,
  defaultPricingCurrency,
  freeTrialDays,
  rememberedCurrencyChoice,
} from '@dcipher/shared/domain';
import { chosenWorkflowPendingAttribute, type RemoteScreenProps } from '@dcipher/shared/federation';
import { pathTo, routes } from '@dcipher/shared/routes';
import {
  Form,
  FormCheckboxField,
  FormNewPasswordField,
  FormSelectField,
  FormSubmitButton,
  FormTextField,
  fieldError,
  theme,
  useContractForm,
  useHydrated,
  useHydratedDefaults,
} from '@dcipher/shared/ui';
import { useCallback, useEffect, useState } from 'react';
import { LoginLayout } from '../../layout/login-layout';
import { currentLocation, RouteLink, type RouteQuery, routeQueryOf } from '../../router/host-location';
import { AddPaymentMethodStep } from './add-payment-method-step';
import { CaptchaField } from './captcha-field';
import { ChosenPlan, ChosenPlanSlot } from './chosen-plan';
import { ChosenWorkflow, ChosenWorkflowSlot } from './chosen-workflow';
import {
  type DraftField,
  forgetChosenWorkflow,
  forgetSignupDraft,
  readChosenWorkflow,
  readSignupDraft,
  saveSignupDraft,
} from './signup-draft';

interface Created {
  email: string;
  paymentSetupToken: string;
  customerType: 'Individual' | 'Business';
  company: string | undefined;
}

const formLabel = 'Create account';

/** What the page's address and this tab's draft say; nothing where the site renders the page at build time. */
function readStart() {
  if (typeof window === 'undefined') {
    return {
      query: {} as RouteQuery<'signup'>,
      draft: {} as ReturnType<typeof readSignupDraft>,
      workflow: undefined,
    };
  }
  // The route's declared query (`browser-routes.ts`), read once: what the visitor arrived with.
  const query = routeQueryOf('signup', currentLocation().search);
  return { query, draft: readSignupDraft(), workflow: readChosenWorkflow(query.workflow) };
}

/**
 * Sign-up in two steps. Create account (1/2): the person, their organization type, the terms and the human check.
 * Then Add payment method (2/2), which may be skipped, and on to "check your email".
 *
 * The site's /signup HTML carries this form, rendered from this module at build time (PrerenderedSignup,
 * docs/decisions/0083), so the page paints its final layout at once. While that HTML is being hydrated, the first
 * render is the build's: what depends on the address or this tab's draft (the chosen plan or workflow, the business
 * fields) appears once the form is live, what the visitor typed is kept, and Create account waits until then.
 */
export function SignupScreen({ navigate }: RemoteScreenProps) {
  const [created, setCreated] = useState<Created>();
  const [captchaResets, setCaptchaResets] = useState(0);
  const [{ query, draft, workflow }] = useState(readStart);
  // True on the server and when hydrating the site's HTML of this form; false when opened in the browser.
  const [fromHtml] = useState(
    () =>
      typeof document === 'undefined' || document.querySelector(`form[aria-label="${formLabel}"]`) !== null,
  );
  const hydrated = useHydrated();
  const live = !fromHtml || hydrated;
  const text = (field: DraftField) => {
    const value = draft[field];
    return typeof value === 'string' ? value : '';
  };
  const planId = live ? (query.plan ?? null) : null;
  const { defaultValues, ready } = useHydratedDefaults(formLabel, {
    firstName: text('firstName'),
    lastName: text('lastName'),
    email: query.email ?? text('email'),
    password: '',
    phone: text('phone'),
    company: text('company'),
    jobTitle: text('jobTitle'),
    receiveEmails: draft.receiveEmails === true,
    termsAccepted: false,
  });
  const [customerType] = useState(() => {
    const checked =
      typeof document === 'undefined'
        ? null
        : document.querySelector<HTMLInputElement>(
            `form[aria-label="${formLabel}"] [name="customerType"]:checked`,
          );
    const chosen = checked?.value ?? draft.customerType;
    return chosen === 'Business' ? ('Business' as const) : ('Individual' as const);
  });
  const form = useContractForm({
    schema: RegistrationInputSchema,
    defaultValues: {
      ...defaultValues,
      // A box ticked in the draft stays ticked (the build's HTML has it unticked).
      receiveEmails: defaultValues.receiveEmails || draft.receiveEmails === true,
      companySize: text('companySize'),
      customerType,
      captcha: '',
    },
    onSubmit: async (body) => {
      try {
        // The workflow chosen in the store: the API creates it with its sample for the new organization.
        // The currency the site showed: the pricing page's choice, else the one every price of the site is shown
        // in first (the store's visitor never chose). The new organization pays in it (0078, 0127).
        const currency = rememberedCurrencyChoice() ?? defaultPricingCurrency;
        const receipt = await authenticatedApi().call(contract.registration.register, {
          body: {
            ...body,
            ...(workflow ? { workflow: workflow.id } : {}),
            currency,
            // The plan chosen on the pricing page: the trial is of it (docs/decisions/0085).
            ...(planId ? { plan: planId } : {}),
          },
        });
        forgetSignupDraft();
        forgetChosenWorkflow();
        setCreated({
          email: receipt.email,
          paymentSetupToken: receipt.paymentSetupToken,
          customerType: body.customerType,
          company: body.company,
        });
      } catch (error) {
        // A verified solution is spent once the API has seen it: the visitor solves a fresh one.
        form.setValue('captcha', '');
        setCaptchaResets((count) => count + 1);
        throw error;
      }
    },
  });
  const { setFieldValue, watch, setValue } = form;
  const onCaptcha = useCallback((payload: string) => setFieldValue('captcha', payload), [setFieldValue]);
  // What is typed is kept for this tab, so going back and forward again loses nothing (never the password).
  useEffect(() => {
    const subscription = watch((values) => saveSignupDraft(values));
    return () => subscription.unsubscribe();
  }, [watch]);
  // The page's head reserved the notice's space for a workflow the address named; none turned out to be chosen.
  useEffect(() => {
    if (live && !workflow) document.documentElement.removeAttribute(chosenWorkflowPendingAttribute);
  }, [live, workflow]);
  // A plan for businesses signs up a business, unless the visitor already chose.
  const onPlan = useCallback(
    (plan: PricingPlan) => {
      if (draft.customerType === undefined) setValue('customerType', plan.customerType);
    },
    [draft, setValue],
  );

  if (created) {
    return (
      <AddPaymentMethodStep
        email={created.email}
        paymentSetupToken={created.paymentSetupToken}
        customerType={created.customerType}
        company={created.company}
        planId={planId}
        workflow={workflow}
        onDone={() => navigate(pathTo('postSignup', {}, { email: created.email }))}
      />
    );
  }

  const business = live && form.watch('customerType') === 'Business';
  const chosenWorkflow = live ? workflow : undefined;
  return (
    <LoginLayout title={routes.signup.heading}>
      <p css={{ marginTop: 0, color: theme.colors.muted }}>
        Start your {freeTrialDays}-day free trial. No credit card needed.
      </p>
      <ChosenWorkflowSlot>
        {chosenWorkflow ? <ChosenWorkflow workflow={chosenWorkflow} /> : null}
      </ChosenWorkflowSlot>
      <ChosenPlanSlot>{planId ? <ChosenPlan planId={planId} onPlan={onPlan} /> : null}</ChosenPlanSlot>
      <Form form={form} aria-label={formLabel}>
        <fieldset css={{ border: 'none', padding: 0, margin: '0 0 1rem' }}>
          <legend css={{ fontWeight: 600, marginBottom: '0.35rem' }}>I am signing up as</legend>
          {(['Individual', 'Business'] as const).map((type) => (
            <label
              key={type}
              css={{ display: 'inline-flex', gap: '0.4rem', marginRight: '1.25rem', alignItems: 'center' }}
            >
              <input type="radio" value={type} {...form.register('customerType')} />
              {type === 'Individual' ? 'An individual' : 'A business'}
            </label>
          ))}
        </fieldset>
        <div
          css={{
            display: 'grid',
            gridTemplateColumns: 'repeat(auto-fit, minmax(9rem, 1fr))',
            columnGap: '0.75rem',
          }}
        >
          <FormTextField form={form} name="firstName" label="First name" autoComplete="given-name" />
          <FormTextField form={form} name="lastName" label="Last name" autoComplete="family-name" />
        </div>
        <FormTextField form={form} name="email" label="Work email" type="email" autoComplete="email" />
        <FormNewPasswordField form={form} name="password" label="Password" rulesId="password-rules" />
        <FormTextField
          form={form}
          name="company"
          label={business ? 'Company' : 'Company (optional)'}
          autoComplete="organization"
        />
        {business ? (
          <FormSelectField
            form={form}
            name="companySize"
            label="Company size"
            placeholder="Choose the number of employees"
            options={companySizeBands.map((band) => ({ value: band, label: `${band} employees` }))}
          />
        ) : null}
        <FormTextField
          form={form}
          name="jobTitle"
          label="Job title (optional)"
          autoComplete="organization-title"
        />
        <FormTextField form={form} name="phone" label="Phone (optional)" type="tel" autoComplete="tel" />
        <FormCheckboxField
          form={form}
          name="receiveEmails"
          label="Send me product news and tips (you can unsubscribe at any time)"
        />
        <FormCheckboxField
          form={form}
          name="termsAccepted"
          label={
            <>
              I agree to the{' '}
              <a href={pathTo('termsOfService')} target="_blank" rel="noopener noreferrer">
                Terms of Service
              </a>
            </>
          }
        />
        <CaptchaField
          // Read once the form is live (the widget loads then): the site's build has no API configured.
          challengeUrl={
            isAuthConfigured() ? `${configuredApiBaseUrl()}${contract.captcha.getCaptchaChallenge.path}` : ''
          }
          onChange={onCaptcha}
          error={fieldError(form, 'captcha')}
          resetCount={captchaResets}
        />
        <FormSubmitButton
          form={form}
          disabled={!ready}
          busyLabel="Creating your account…"
          css={{ width: '100%' }}
        >
          Create account
        </FormSubmitButton>
      </Form>
      <p css={{ marginBottom: 0 }}>
        Already have an account?{' '}
        <RouteLink to="login" navigate={navigate}>
          Log in
        </RouteLink>
      </p>
    </LoginLayout>
  );
}
