import { cleanup, render, screen, within } from '@testing-library/react';
import { useStaticQuery } from 'gatsby';
import InsightBoosterPage from '../../pages/products/dcipher-insight-booster';
import StudioPage from '../../pages/products/dcipher-studio';
import WorkflowsPage from '../../pages/products/dcipher-workflows';
import HomePage from '../../templates/home';

afterEach(cleanup);
beforeEach(() => {
  (useStaticQuery as jest.Mock).mockReturnValue({ allContentCustomerLogo: { nodes: [] } });
});

/** The hero: the section holding the page's h1. */
const hero = () => screen.getByRole('heading', { level: 1 }).closest('section') as HTMLElement;

describe('pictures of the product', () => {
  it.each([
    ['the home page', HomePage, /^Dcipher Studio: a project canvas with a trend chart/],
    ['Studio', StudioPage, /^Dcipher Studio: a project canvas/],
    [
      'Workflows',
      WorkflowsPage,
      /^Dcipher Workflows: a workflow graph where social media, news and file sources/,
    ],
    ['Insight Booster', InsightBoosterPage, /^Dcipher Insight Booster: four insights ranked by strength/],
  ])('%s shows its screen in the hero, as one named image that scales to its width', (_, Page, name) => {
    // biome-ignore lint/suspicious/noExplicitAny: Gatsby page components take page props the pages do not read
    render(<Page {...({} as any)} />);
    const image = within(hero()).getByRole('img', { name });
    expect(image.tagName.toLowerCase()).toBe('svg');
    expect(image.getAttribute('viewBox')).toBe('0 0 560 380');
    expect(image.getAttribute('width')).toBe('100%');
    expect(image.getAttribute('height')).toBeNull();
    // Drawn, not scripted: nothing in it runs or links anywhere.
    expect(image.querySelector('script, a, foreignObject')).toBeNull();
  });
});
