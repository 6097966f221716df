import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { queryFromPath, type SearchEntry, searchPages } from './site-search';
import { SiteSearchForm } from './site-search-form';

const entries: SearchEntry[] = [
  { path: '/pricing', title: 'Pricing', description: 'Dcipher plans for individuals and teams.' },
  { path: '/products/dcipher-studio', title: 'Dcipher Studio', description: 'Analyse text on a canvas.' },
  {
    path: '/blog/scheduling-workflows',
    title: 'Scheduling workflows',
    description: 'Run analyses on a plan.',
  },
  { path: '/contact-us', title: 'Contact us', description: 'Talk to sales or support.' },
];

afterEach(() => {
  cleanup();
  jest.restoreAllMocks();
});

describe('site search', () => {
  it('takes the words of a mistyped address, not its numbers', () => {
    expect(queryFromPath('/blog/2/pricng-plans')).toBe('blog pricng plans');
    expect(queryFromPath('/%E0%A4%A')).toBe('e0 a4');
  });

  it('ranks title matches first and forgives one typo', () => {
    expect(searchPages(entries, 'pricng').map((entry) => entry.path)).toEqual(['/pricing']);
    expect(searchPages(entries, 'plan').map((entry) => entry.path)).toEqual([
      '/pricing',
      '/blog/scheduling-workflows',
    ]);
    expect(searchPages(entries, 'studio').map((entry) => entry.path)).toEqual(['/products/dcipher-studio']);
    expect(searchPages(entries, '   ')).toEqual([]);
    expect(searchPages(entries, 'zebra')).toEqual([]);
  });

  it('the not-found page searches with the missing address first, then what the visitor types', async () => {
    jest.spyOn(global, 'fetch').mockResolvedValue(Response.json(entries));
    render(<SiteSearchForm pathname="/prcing" />);
    const input = screen.getByLabelText("Search the site's pages") as HTMLInputElement;
    expect(input.value).toBe('prcing');
    expect((await screen.findByRole('link', { name: 'Pricing' })).getAttribute('href')).toBe('/pricing');
    expect(screen.getByRole('status').textContent).toBe('1 page matches “prcing”.');
    fireEvent.change(input, { target: { value: 'nothing like it' } });
    expect(screen.getByRole('status').textContent).toBe('No pages match “nothing like it”.');
    expect(screen.queryByRole('list', { name: 'Matching pages' })).toBeNull();
  });

  it('says when the search cannot load, leaving the other links', async () => {
    jest.spyOn(global, 'fetch').mockResolvedValue(new Response('', { status: 503 }));
    render(<SiteSearchForm pathname="/x" />);
    expect(
      await screen.findByText('The search is not available right now. The links below still work.'),
    ).toBeTruthy();
  });
});
