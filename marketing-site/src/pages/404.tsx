import { errorCatalogue } from '@dcipher/shared/validation';
import type { HeadProps, PageProps } from 'gatsby';
import { Link } from 'gatsby';
import { Layout } from '../components/layout';
import { SiteSearchForm } from '../components/search/site-search-form';
import { Seo } from '../components/seo';

/** Where most visitors who mistype a link were going. */
const popularPages = [
  { to: '/pricing', label: 'Pricing' },
  { to: '/products/dcipher-studio', label: 'Dcipher Studio' },
  { to: '/products/dcipher-workflows', label: 'Dcipher Workflows' },
  { to: '/products/dcipher-insight-booster', label: 'Dcipher Insight Booster' },
  { to: '/customer-success-stories', label: 'Customer success stories' },
  { to: '/blog', label: 'Blog' },
  { to: '/contact-us', label: 'Contact us' },
  { to: '/login', label: 'Log in' },
];

export default function NotFoundPage({ location }: PageProps) {
  return (
    <Layout>
      <section css={{ padding: '4rem clamp(1rem, 6vw, 5rem)', textAlign: 'center' }}>
        <h1>Page not found</h1>
        <p>{errorCatalogue.notFound}</p>
        <SiteSearchForm pathname={location.pathname} />
        <p>
          <Link to="/">Go to the home page</Link>, or try one of these:
        </p>
        <nav aria-label="Popular pages">
          <ul
            css={{
              listStyle: 'none',
              padding: 0,
              margin: '0 auto',
              maxWidth: '28rem',
              display: 'grid',
              gap: '0.25rem',
              '& a': { display: 'inline-flex', alignItems: 'center', minHeight: '44px' },
            }}
          >
            {popularPages.map((page) => (
              <li key={page.to}>
                <Link to={page.to}>{page.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
      </section>
    </Layout>
  );
}

export const Head = ({ location }: HeadProps) => (
  <Seo title="Page not found" pathname={location.pathname} noIndex />
);
