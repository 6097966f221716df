import { errorCatalogue } from '@dcipher/shared/validation';
import type { HeadProps } from 'gatsby';
import { Link } from 'gatsby';
import { Layout } from '../components/layout';
import { Seo } from '../components/seo';

export default function NotFoundPage() {
  return (
    <Layout>
      <section css={{ padding: '4rem clamp(1rem, 6vw, 5rem)', textAlign: 'center' }}>
        <h1>Page not found</h1>
        <p>{errorCatalogue.notFound}</p>
        <p>
          <Link to="/">Go to the home page</Link>
        </p>
      </section>
    </Layout>
  );
}

export const Head = ({ location }: HeadProps) => (
  <Seo title="Page not found" pathname={location.pathname} noIndex />
);
