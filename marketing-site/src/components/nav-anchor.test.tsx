import { cleanup, render, screen } from '@testing-library/react';
import { NavAnchor } from './nav-anchor';

afterEach(cleanup);

describe('NavAnchor', () => {
  it('keeps the style its caller gives it (Emotion passes it as a class name), for site pages and files alike', () => {
    render(
      <>
        <NavAnchor
          link={{ to: '/pricing', label: 'Pricing' }}
          css={{ textDecoration: 'none', fontWeight: 600 }}
        />
        <NavAnchor
          link={{ to: '/ToS.pdf', label: 'Terms', external: true }}
          css={{ textDecoration: 'none' }}
        />
      </>,
    );
    for (const name of ['Pricing', 'Terms']) {
      const link = screen.getByRole('link', { name });
      expect(link.className).not.toBe('');
      expect(getComputedStyle(link).textDecoration).toBe('none');
    }
  });
});
