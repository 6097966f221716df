import { creditsPerThousandLabel, formatCount } from './workflow-labels';

describe('the store’s words', () => {
  it('writes counts and prices without Intl', () => {
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatCount(12.5)).toBe('12.5');
    expect(creditsPerThousandLabel(1)).toBe('1 credit per 1,000 documents');
    expect(creditsPerThousandLabel(1500)).toBe('1,500 credits per 1,000 documents');
  });
});
