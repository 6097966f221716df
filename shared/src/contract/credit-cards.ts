import * as v from 'valibot';
import { countryCodes } from '../domain/countries.js';
import { customerTypes } from '../domain/enumerations.js';
import { vatNumberProblem } from '../domain/vat-number.js';
import { optionalText, requiredText } from '../validation/fields.js';
import { passesLuhnCheck } from '../validation/luhn-check.js';
import { paymentMessages, tooLong, validationMessages } from '../validation/messages.js';
import { defineEndpoint } from './endpoint.js';
import { companyMaxLength } from './lead-fields.js';

export const cardHolderMaxLength = 100;
export const billingAddressMaxLength = 300;
export const vatNumberMaxLength = 20;
/** How far ahead an expiry date may be; issuers print at most a few years ahead, so anything later is a typo. */
export const cardExpiryMaxYearsAhead = 20;

/** Card networks a stored card can belong to; `unknown` when the number's prefix names none of them. */
export const cardBrands = [
  'visa',
  'mastercard',
  'amex',
  'discover',
  'diners',
  'jcb',
  'unionpay',
  'maestro',
  'unknown',
] as const;
export type CardBrand = (typeof cardBrands)[number];

/** Each brand as a customer reads it (screens, invoices): "Visa ending in 4242". */
export const cardBrandNames: Record<CardBrand, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
  maestro: 'Maestro',
  unknown: 'Card',
};

/** A filled-in text field: missing and empty both read "This field is required". */
const filledIn = v.pipe(
  v.string(validationMessages.required),
  v.trim(),
  v.nonEmpty(validationMessages.required),
);

/** 12 to 19 digits once spaces are taken out, with a correct Luhn check digit. */
function isCardNumber(value: string): boolean {
  if (!/^[\d ]+$/.test(value)) return false;
  const digits = value.replace(/ /g, '');
  return digits.length >= 12 && digits.length <= 19 && passesLuhnCheck(digits);
}

/** Month and year of an expiry written `MM/YYYY`; undefined for anything else or a month that does not exist. */
export function cardExpiryParts(expiry: string): { month: number; year: number } | undefined {
  const match = /^(\d{2})\/(\d{4})$/.exec(expiry);
  if (!match) return undefined;
  const month = Number(match[1]);
  const year = Number(match[2]);
  return month >= 1 && month <= 12 ? { month, year } : undefined;
}

/**
 * A card is valid to the end of its expiry month, so this month still counts. Months are compared in UTC, the
 * same in the browser and in the API, so the form and the server never disagree at a month's turn.
 */
function isCurrentExpiry(expiry: string): boolean {
  const parts = cardExpiryParts(expiry);
  if (!parts) return false;
  const now = new Date();
  const monthsAhead = parts.year * 12 + parts.month - (now.getUTCFullYear() * 12 + now.getUTCMonth() + 1);
  return monthsAhead >= 0 && monthsAhead <= cardExpiryMaxYearsAhead * 12;
}

/** Digits with optional spaces as printed on the card; the output has the spaces taken out. */
export const cardNumberField = v.pipe(
  filledIn,
  v.check(isCardNumber, validationMessages.invalidCardNumber),
  v.transform((value) => value.replace(/ /g, '')),
);

export const cvcField = v.pipe(filledIn, v.regex(/^\d{3,4}$/, validationMessages.invalidCvc));

/** `MM/YYYY`, a real month, not in the past. */
export const cardExpiryField = v.pipe(filledIn, v.check(isCurrentExpiry, validationMessages.invalidExpiry));

/**
 * Optional; people type VAT numbers with spaces, dots or dashes ("DE 123.456.789"), which are taken out, and
 * letters are upper-cased, so the output is letters and digits only.
 */
export const vatNumberField = v.optional(
  v.pipe(
    v.string(paymentMessages.invalidVatNumber),
    v.trim(),
    v.transform((value) => value.replace(/[\s.-]/g, '').toUpperCase()),
    v.maxLength(vatNumberMaxLength, tooLong(vatNumberMaxLength)),
    v.regex(/^[A-Z0-9]*$/, paymentMessages.invalidVatNumber),
    v.transform((value) => (value === '' ? undefined : value)),
  ),
);

/**
 * Add payment method (2/2): the spec's payment form fields, as the page validates them. The card number, CVC and
 * expiry never leave the browser: the payment gateway's script turns them into a payment method token
 * (`createLocalPaymentMethod`, or Stripe.js), and the API receives `PaymentMethodInputSchema` with that token
 * instead (docs/decisions/0043). Its output is again a valid input (spaces out of the card number, the VAT number
 * normalised), so a form may keep what it validated.
 */
const paymentCardFormEntries = {
  cardHolder: requiredText(cardHolderMaxLength),
  cardNumber: cardNumberField,
  cvc: cvcField,
  expiry: cardExpiryField,
  company: optionalText(companyMaxLength),
  address: requiredText(billingAddressMaxLength),
  // A value outside the list can only mean no choice was made in the select.
  country: v.picklist(countryCodes, validationMessages.required),
  vatNumber: vatNumberField,
  billingType: v.picklist(customerTypes, validationMessages.required),
};

/**
 * The VAT number against the billing country, reported on `vatNumber`: it must be that country's (its code in
 * front) and pass the country's format and check digits (jsvat), since a valid number is what makes an EU business
 * pay no VAT (reverse charge, docs/decisions/0057). Partial checks, so they run while other fields are wrong too.
 */
type BillingCountryAndVatNumber = { country: string; vatNumber?: string | undefined };

function vatNumberOfBillingCountry<TInput extends BillingCountryAndVatNumber>() {
  const check = (problem: 'prefix' | 'invalid', message: string) =>
    // valibot types a partial check by the object it is piped after; written once here for the four schemas, it is
    // typed by the one thing it reads (the same at runtime) and given the object's type back.
    v.forward(
      v.partialCheck(
        [['country'], ['vatNumber']],
        (input: BillingCountryAndVatNumber) => vatNumberProblem(input.country, input.vatNumber) !== problem,
        message,
      ),
      ['vatNumber'],
    ) as unknown as v.BaseValidation<TInput, TInput, v.PartialCheckIssue<TInput>>;
  return [
    check('prefix', paymentMessages.vatNumberOtherCountry),
    check('invalid', paymentMessages.invalidVatNumber),
  ] as const;
}

export const PaymentCardFormSchema = v.pipe(
  v.object(paymentCardFormEntries),
  ...vatNumberOfBillingCountry<v.InferOutput<v.ObjectSchema<typeof paymentCardFormEntries, undefined>>>(),
);
export type PaymentCardForm = v.InferInput<typeof PaymentCardFormSchema>;

/**
 * What a hosted card field (Stripe Elements' number, expiry and CVC, each in the gateway's own frame) reports to
 * the form: nothing typed, something that is not yet a valid entry, or a complete one. The page never sees more.
 */
export const hostedCardFieldStates = ['', 'incomplete', 'complete'] as const;
export type HostedCardFieldState = (typeof hostedCardFieldStates)[number];

const hostedCardField = (message: string) =>
  v.pipe(
    filledIn,
    v.check((state) => state === 'complete', message),
  );

/**
 * The payment form when the card fields are the gateway's hosted ones: the same fields and messages, the card
 * number, expiry and CVC holding only their hosted fields' states (`HostedCardFieldState`).
 */
const hostedPaymentCardFormEntries = {
  ...paymentCardFormEntries,
  cardNumber: hostedCardField(validationMessages.invalidCardNumber),
  cvc: hostedCardField(validationMessages.invalidCvc),
  expiry: hostedCardField(validationMessages.invalidExpiry),
};
export const HostedPaymentCardFormSchema = v.pipe(
  v.object(hostedPaymentCardFormEntries),
  ...vatNumberOfBillingCountry<
    v.InferOutput<v.ObjectSchema<typeof hostedPaymentCardFormEntries, undefined>>
  >(),
);

export const paymentMethodTokenMaxLength = 255;

/** A card's own data the API refuses to receive (the gateway's script in the page takes them): never given. */
const refusedCardData = v.optional(v.never(paymentMessages.cardDataRefused));

/**
 * What `POST /credit-cards` takes: the card holder, the payment method token the gateway's browser script made
 * from the card (a Stripe `pm_…`, or the local gateway's `pm_local_…`) and the billing details. A body that
 * carries a card number or CVC is refused, so they are never received, logged or stored by mistake (PCI SAQ A).
 */
const paymentMethodInputEntries = {
  cardHolder: requiredText(cardHolderMaxLength),
  paymentMethod: v.pipe(
    filledIn,
    v.maxLength(paymentMethodTokenMaxLength, paymentMessages.invalidPaymentMethod),
    v.regex(/^[A-Za-z0-9_]+$/, paymentMessages.invalidPaymentMethod),
  ),
  company: optionalText(companyMaxLength),
  address: requiredText(billingAddressMaxLength),
  country: v.picklist(countryCodes, validationMessages.required),
  vatNumber: vatNumberField,
  billingType: v.picklist(customerTypes, validationMessages.required),
  cardNumber: refusedCardData,
  cvc: refusedCardData,
};
export const PaymentMethodInputSchema = v.pipe(
  v.object(paymentMethodInputEntries),
  ...vatNumberOfBillingCountry<v.InferOutput<v.ObjectSchema<typeof paymentMethodInputEntries, undefined>>>(),
);
export type PaymentMethodInput = v.InferInput<typeof PaymentMethodInputSchema>;

/** A stored card as the account area shows it: never the number or the CVC, which the API does not keep. */
export const CreditCardSchema = v.object({
  id: v.pipe(v.string(), v.uuid()),
  brand: v.picklist(cardBrands),
  last4: v.pipe(v.string(), v.regex(/^\d{4}$/)),
  expiryMonth: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(12)),
  expiryYear: v.pipe(v.number(), v.integer()),
  cardHolder: v.string(),
  /** The card the organization is charged with; the first card added is the default. */
  isDefault: v.boolean(),
  createdAt: v.pipe(v.string(), v.isoTimestamp()),
});
export type CreditCard = v.InferOutput<typeof CreditCardSchema>;

export const listCreditCards = defineEndpoint({
  operation: 'listCreditCards',
  errors: [],
  summary: "The organization's payment cards, the default first, then newest first",
  method: 'GET',
  path: '/credit-cards',
  auth: 'bearer',
  permission: { resource: 'payment-method', action: 'read' },
  response: v.array(CreditCardSchema),
});

export const addCreditCard = defineEndpoint({
  operation: 'addCreditCard',
  errors: ['CARD_DECLINED', 'VAT_CHECK_UNAVAILABLE'],
  summary:
    "Add a payment card to the organization (admin only) by the payment method token the gateway's browser script made; the API never receives the card number or CVC and keeps the gateway's reference, brand, last four digits and expiry",
  method: 'POST',
  path: '/credit-cards',
  auth: 'bearer',
  permission: { resource: 'payment-method', action: 'create' },
  // Sign-up's step 2 adds the card with the payment-setup token `POST /register` answers.
  acceptsPaymentSetupToken: true,
  body: { name: 'paymentMethodInput', schema: PaymentMethodInputSchema },
  response: CreditCardSchema,
  successStatus: 201,
});

export const DeleteCreditCardInputSchema = v.object({
  id: v.pipe(filledIn, v.maxLength(100, tooLong(100))),
});
export type DeleteCreditCardInput = v.InferInput<typeof DeleteCreditCardInputSchema>;

export const deleteCreditCard = defineEndpoint({
  operation: 'deleteCreditCard',
  errors: ['NOT_FOUND', 'CARD_REQUIRED'],
  summary: "Remove one of the organization's payment cards (admin only); the id goes in the body",
  method: 'DELETE',
  path: '/credit-cards',
  auth: 'bearer',
  permission: { resource: 'payment-method', action: 'delete' },
  body: { name: 'deleteCreditCardInput', schema: DeleteCreditCardInputSchema },
  response: v.object({ deleted: v.literal(true) }),
});

/**
 * The organization's billing details (spec section 7, `GET`/`POST`/`DELETE /billing`): who invoices are addressed
 * to and what VAT applies. Set here, they take precedence over the details given with the paying card; removed,
 * the card's details apply again (docs/decisions/0039).
 */
const billingDetailsInputEntries = {
  company: optionalText(companyMaxLength),
  address: requiredText(billingAddressMaxLength),
  country: v.picklist(countryCodes, validationMessages.required),
  vatNumber: vatNumberField,
  billingType: v.picklist(customerTypes, validationMessages.required),
};
export const BillingDetailsInputSchema = v.pipe(
  v.object(billingDetailsInputEntries),
  ...vatNumberOfBillingCountry<v.InferOutput<v.ObjectSchema<typeof billingDetailsInputEntries, undefined>>>(),
);
export type BillingDetailsInput = v.InferInput<typeof BillingDetailsInputSchema>;

export const BillingDetailsSchema = v.object({
  company: v.nullable(v.string()),
  address: v.string(),
  country: v.string(),
  vatNumber: v.nullable(v.string()),
  billingType: v.picklist(customerTypes),
  /** `billing`: set on their own; `card`: the paying card's details, in use while none are set. */
  source: v.picklist(['billing', 'card']),
  /**
   * Whether the paying card carries other details than these (so using the card's instead would change
   * something): false for the card's own and without a card (issue 36).
   */
  cardDetailsDiffer: v.boolean(),
});
export type BillingDetails = v.InferOutput<typeof BillingDetailsSchema>;

export const getBillingDetails = defineEndpoint({
  operation: 'getBillingDetails',
  errors: [],
  summary: "The organization's billing details (the paying card's while none are set; null without either)",
  method: 'GET',
  path: '/billing',
  auth: 'bearer',
  permission: { resource: 'payment-method', action: 'read' },
  response: v.nullable(BillingDetailsSchema),
});

export const saveBillingDetails = defineEndpoint({
  operation: 'saveBillingDetails',
  errors: ['VAT_CHECK_UNAVAILABLE'],
  summary: "Set the organization's billing details, used for invoices and VAT from now on (admins)",
  method: 'POST',
  path: '/billing',
  auth: 'bearer',
  permission: { resource: 'payment-method', action: 'update' },
  body: { name: 'billingDetailsInput', schema: BillingDetailsInputSchema },
  response: BillingDetailsSchema,
});

export const deleteBillingDetails = defineEndpoint({
  operation: 'deleteBillingDetails',
  errors: ['NOT_FOUND'],
  summary: "Remove the organization's own billing details: the paying card's apply again (admins)",
  method: 'DELETE',
  path: '/billing',
  auth: 'bearer',
  permission: { resource: 'payment-method', action: 'delete' },
  response: v.object({ deleted: v.literal(true) }),
});

/**
 * Which gateway the payment form's script tokenises cards with: the local test gateway (in the page), or Stripe
 * Elements with the publishable key. Public: the sign-up payment step needs it before any sign-in.
 */
export const PaymentGatewaySchema = v.variant('provider', [
  v.object({ provider: v.literal('local') }),
  v.object({ provider: v.literal('stripe'), publishableKey: v.pipe(v.string(), v.startsWith('pk_')) }),
]);
export type PaymentGatewayInfo = v.InferOutput<typeof PaymentGatewaySchema>;

export const getPaymentGateway = defineEndpoint({
  operation: 'getPaymentGateway',
  errors: [],
  summary: 'The payment gateway the payment form tokenises cards with in the browser, and its public key',
  method: 'GET',
  path: '/payments/gateway',
  auth: 'public',
  response: PaymentGatewaySchema,
});
