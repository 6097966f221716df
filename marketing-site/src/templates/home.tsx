import { companyContacts, findPredefinedWorkflow, freeTrialDays } from '@dcipher/shared/domain';
import { pathTo, routes } from '@dcipher/shared/routes';
import { theme, visuallyHidden } from '@dcipher/shared/ui';
import { type HeadProps, Link, type PageProps } from 'gatsby';
import type { StorePreview } from '../build/store-preview.mjs';
import { CustomerLogos } from '../components/customer-logos';
import { StudioIllustration } from '../components/illustrations/product-illustrations';
import { Layout } from '../components/layout';
import { Card, CardGrid, HeroColumns, Section } from '../components/page-sections';
import { Seo } from '../components/seo';
import { StoreRunPreview } from '../components/workflow-store/store-run-preview';

/** The home page's context (gatsby-node.mjs): a few of the store's workflows with their samples' findings. */
export interface HomeContext {
  storeHighlights: { id: string; preview: StorePreview | null }[];
}

const products = [
  {
    title: 'Dcipher Studio',
    to: '/products/dcipher-studio',
    text: 'Drop in survey answers, reviews, interviews or news and get themes, sentiment and trends you can trace back to the source sentence.',
  },
  {
    title: 'Dcipher Workflows',
    to: '/products/dcipher-workflows',
    text: 'Run predefined analyses or build your own, schedule them daily or weekly, and have the results land where your team works.',
  },
  {
    title: 'Dcipher Insight Booster',
    to: '/products/dcipher-insight-booster',
    text: 'Turn a project into a written report with templates your stakeholders recognise, using the language model you choose.',
  },
];

const ctaStyle = (primary: boolean) => ({
  display: 'inline-block',
  padding: '0.8rem 1.4rem',
  borderRadius: theme.radius,
  fontWeight: 600,
  textDecoration: 'none',
  border: `2px solid ${theme.colors.brand}`,
  background: primary ? theme.colors.brand : theme.colors.surface,
  color: primary ? theme.colors.onBrand : theme.colors.brandDark,
  '&:hover': { background: primary ? theme.colors.brandDark : theme.colors.canvas },
  '&:focus-visible': { outline: `3px solid ${theme.colors.focus}`, outlineOffset: 2 },
});

export default function HomePage({ pageContext }: PageProps<object, HomeContext>) {
  return (
    <Layout>
      <section
        css={{ padding: 'clamp(3rem, 8vw, 6rem) clamp(1rem, 6vw, 5rem)', background: theme.colors.canvas }}
      >
        <HeroColumns aside={<StudioIllustration />}>
          <h1
            css={{
              fontSize: 'clamp(2.1rem, 5vw, 3.4rem)',
              lineHeight: 1.1,
              margin: '0 0 1rem',
              maxWidth: '20ch',
            }}
          >
            Insight automation for teams that read more than they can
          </h1>
          <p css={{ fontSize: '1.25rem', maxWidth: '55ch', color: theme.colors.muted, margin: '0 0 2rem' }}>
            Dcipher reads your customer feedback, research and media coverage, finds what matters and keeps
            watching, so your team spends its time deciding instead of sorting.
          </p>
          <div css={{ display: 'flex', flexWrap: 'wrap', gap: '1rem' }}>
            <Link to="/signup" css={ctaStyle(true)}>
              Start your {freeTrialDays}-day free trial
            </Link>
            <a href={companyContacts.meetingBookingUrl} css={ctaStyle(false)}>
              Book a demo
            </a>
          </div>
          <p css={{ color: theme.colors.muted, marginBottom: 0 }}>No credit card needed. Cancel any time.</p>
        </HeroColumns>
      </section>
      <Section title="Trusted by research, CX and strategy teams">
        <CustomerLogos />
      </Section>
      <Section title="One platform, from raw text to a finished report">
        <CardGrid>
          {products.map((product) => (
            <Card key={product.title} title={product.title}>
              <p>{product.text}</p>
              <Link to={product.to}>Explore {product.title}</Link>
            </Card>
          ))}
        </CardGrid>
      </Section>
      <StoreHighlights highlights={pageContext?.storeHighlights ?? []} />
      <Section title="See it with your own data">
        <p css={{ maxWidth: '60ch', color: theme.colors.muted }}>
          Read how other teams use Dcipher in our{' '}
          <Link to="/customer-success-stories">customer success stories</Link>, get the thinking behind it in
          the <Link to="/download-whitepaper">white paper</Link>, or compare{' '}
          <Link to="/pricing">plans and pricing</Link>.
        </p>
      </Section>
    </Layout>
  );
}

/**
 * The workflow store on the home page (issue 36 point 2): a few predefined workflows, each with what its sample's
 * last run found, and the way to the store. Left out while the build has no store (its API could not be read).
 */
function StoreHighlights({ highlights }: { highlights: HomeContext['storeHighlights'] }) {
  const shown = highlights.flatMap((highlight) => {
    const workflow = findPredefinedWorkflow(highlight.id);
    return workflow ? [{ workflow, preview: highlight.preview }] : [];
  });
  if (shown.length === 0) return null;
  return (
    <Section title="Ready-made workflows, already run for you">
      <p css={{ maxWidth: '60ch', color: theme.colors.muted, marginTop: 0 }}>
        Each workflow in the store has been run on a sample dataset. See what it found, then try it on the
        same sample, free for {freeTrialDays} days.
      </p>
      <CardGrid>
        {shown.map(({ workflow, preview }) => (
          <Card key={workflow.id} title={workflow.name}>
            <StoreRunPreview workflowName={workflow.name} preview={preview} />
            <Link to={pathTo('workflowStoreItem', { id: workflow.id })}>
              See what it found<span css={visuallyHidden}>: {workflow.name}</span>
            </Link>
          </Card>
        ))}
      </CardGrid>
      <p css={{ marginBottom: 0 }}>
        <Link to={routes.workflowStore.path} css={ctaStyle(false)}>
          Browse the workflow store
        </Link>
      </p>
    </Section>
  );
}

export const Head = ({ location }: HeadProps) => <Seo pathname={location.pathname} />;
