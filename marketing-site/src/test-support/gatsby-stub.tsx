// Unit tests render components outside Gatsby: a Link is a plain anchor, queries are not run.
import type { AnchorHTMLAttributes } from 'react';

export function Link({ to, ...props }: AnchorHTMLAttributes<HTMLAnchorElement> & { to: string }) {
  return <a href={to} {...props} />;
}

export const navigate = jest.fn();
export const graphql = () => '';
export const useStaticQuery = jest.fn(() => ({}));
