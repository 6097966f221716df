import { currencySymbols, pageTitle } from './constants.js';
import { customerTypes, organizationRoles, usageCategories } from './enumerations.js';

describe('domain constants', () => {
  it('titles pages as the company name plus an optional " | title"', () => {
    expect(pageTitle()).toBe('Dcipher');
    expect(pageTitle('  ')).toBe('Dcipher');
    expect(pageTitle('Log in')).toBe('Dcipher | Log in');
  });

  it('keeps the spec spelling of the pound key', () => {
    expect(currencySymbols).toEqual({ usd: '$', eur: '€', gpb: '£' });
  });

  it('spells enumerations as the spec does', () => {
    expect(customerTypes).toEqual(['Individual', 'Business']);
    expect(organizationRoles).toEqual(['admin', 'teammate', 'guest']);
    expect(usageCategories).toContain('SocialMedia-tiktok');
    expect(usageCategories).toContain('News-opoint-news');
  });
});
