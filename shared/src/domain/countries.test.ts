import { countries, countryCodes } from './countries.js';

describe('countries', () => {
  it('has every ISO 3166-1 alpha-2 code once, upper case, with a name', () => {
    expect(countries).toHaveLength(249);
    expect(new Set(countryCodes).size).toBe(249);
    for (const { code, name } of countries) {
      expect(code).toMatch(/^[A-Z]{2}$/);
      expect(name.trim()).not.toBe('');
    }
  });

  it('includes the EU and EEA countries, the UK, Switzerland and the larger markets', () => {
    const europeanEconomicArea = [
      'AT',
      'BE',
      'BG',
      'HR',
      'CY',
      'CZ',
      'DK',
      'EE',
      'FI',
      'FR',
      'DE',
      'GR',
      'HU',
      'IE',
      'IT',
      'LV',
      'LT',
      'LU',
      'MT',
      'NL',
      'PL',
      'PT',
      'RO',
      'SK',
      'SI',
      'ES',
      'SE',
      'IS',
      'LI',
      'NO',
    ];
    expect(countryCodes).toEqual(
      expect.arrayContaining([...europeanEconomicArea, 'GB', 'CH', 'US', 'CA', 'AU', 'JP', 'IN', 'BR']),
    );
    expect(countries.find((country) => country.code === 'GB')?.name).toBe('United Kingdom');
  });

  it('is sorted by English name for the select', () => {
    const names = countries.map((country) => country.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  });
});
