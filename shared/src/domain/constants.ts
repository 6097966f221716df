// Business constants of product-spec sections 1 and 9.

export const productName = 'Dcipher';
export const companyName = 'Dcipher';
export const defaultDescription = 'AI-powered Insight Automation';
export const freeTrialDays = 14;
export const staySignedInDays = 14;
export const defaultCustomerLogoHeight = 48;
export const customerLogoBox = { width: 140, height: 52 } as const;
export const scrollDepthStepPercent = 25;

/** Currency display symbols by lowercase code; the spec spells the pound key `gpb`, and so do we. */
export const currencySymbols = { usd: '$', eur: '€', gpb: '£' } as const;
export type CurrencyCode = keyof typeof currencySymbols;

/** A page title is the company name plus an optional " | title". */
export function pageTitle(title?: string): string {
  const trimmed = title?.trim();
  return trimmed ? `${companyName} | ${trimmed}` : companyName;
}

/** Contact points and external links (spec sections 2 and 9). */
export const companyContacts = {
  infoEmail: 'info@dcipher.io',
  supportEmail: 'support@dcipher.io',
  salesEmail: 'sales@dcipher.io',
  pressEmail: 'press@dcipher.io',
  supportPhone: '+45 70 70 17 17',
  helpCentreUrl: 'https://help.dcipher.io',
  socialProfileUrl: 'https://www.linkedin.com/company/dcipher-analytics',
  meetingBookingUrl: 'https://meetings.dcipher.io/book-a-demo',
} as const;

/** The seller on every invoice (the privacy policy names the same company and address). */
export const companyLegal = {
  name: 'Dcipher ApS',
  address: ['Applebys Plads 7', '1411 Copenhagen K', 'Denmark'],
  vatNumber: 'DK39485721',
} as const;

/** Responsive image settings (spec section 9). */
export const imageDeviceWidths = [640, 750, 828, 1080, 1200, 1920, 2048, 3840] as const;
export const imageSmallSizes = [16, 32, 48, 64, 96, 128, 256, 384] as const;
export const imageQuality = 75;
