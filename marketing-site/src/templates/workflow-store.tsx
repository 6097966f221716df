import { findPredefinedWorkflow, freeTrialDays } from '@dcipher/shared/domain';
import { formatDate } from '@dcipher/shared/format';
import { pathTo } from '@dcipher/shared/routes';
import { theme, visuallyHidden } from '@dcipher/shared/ui';
import type { HeadProps, PageProps } from 'gatsby';
import { Link } from 'gatsby';
import type { StorePreview } from '../build/store-preview.mjs';
import { Layout } from '../components/layout';
import { PageHero, Section } from '../components/page-sections';
import { Seo } from '../components/seo';
import { StoreRunPreview } from '../components/workflow-store/store-run-preview';
import { analysisTypeLabels, creditsPerThousandLabel } from '../components/workflow-store/workflow-labels';

/**
 * The list page's context (gatsby-node.mjs): each workflow's price, when its sample last ran and that run's
 * headline and top keywords (`storePreviewOf`).
 */
export interface WorkflowStoreContext {
  workflows: {
    id: string;
    creditsPerThousandDocuments: number;
    lastRunAt: string | null;
    preview: StorePreview | null;
  }[];
}

export const storeLead = `Predefined workflows, ready to run on your own data. Each one has been run on a sample dataset: see what it found, then try it free for ${freeTrialDays} days.`;

export default function WorkflowStorePage({ pageContext }: PageProps<object, WorkflowStoreContext>) {
  return (
    <Layout>
      <PageHero eyebrow="Dcipher Workflows" title="Workflow store" lead={storeLead} />
      <Section>
        <ul
          css={{
            listStyle: 'none',
            margin: 0,
            padding: 0,
            display: 'grid',
            gap: '1.5rem',
            gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 20rem), 1fr))',
          }}
        >
          {pageContext.workflows.map((entry) => {
            const workflow = findPredefinedWorkflow(entry.id);
            if (!workflow) return null;
            return (
              <li
                key={workflow.id}
                css={{
                  display: 'flex',
                  flexDirection: 'column',
                  border: `1px solid ${theme.colors.border}`,
                  borderRadius: '12px',
                  padding: '1.5rem',
                  background: theme.colors.surface,
                }}
              >
                <h2 css={{ fontSize: '1.3rem', margin: '0 0 0.5rem' }}>{workflow.name}</h2>
                <p css={{ margin: '0 0 1rem', color: theme.colors.muted }}>{workflow.summary}</p>
                <StoreRunPreview workflowName={workflow.name} preview={entry.preview} />
                <dl
                  css={{
                    display: 'grid',
                    gridTemplateColumns: 'auto 1fr',
                    gap: '0.35rem 0.75rem',
                    margin: '0 0 1.25rem',
                    '& dt': { fontWeight: 600 },
                    '& dd': { margin: 0 },
                  }}
                >
                  <dt>Analysis</dt>
                  <dd>{analysisTypeLabels[workflow.analysisType]}</dd>
                  <dt>Price</dt>
                  <dd>{creditsPerThousandLabel(entry.creditsPerThousandDocuments)} past your plan's quota</dd>
                  <dt>Sample run</dt>
                  <dd>
                    {entry.lastRunAt
                      ? `${formatDate(entry.lastRunAt)} on ${workflow.sample.name.toLowerCase()}`
                      : 'Its first run is being prepared'}
                  </dd>
                </dl>
                <Link
                  to={pathTo('workflowStoreItem', { id: workflow.id })}
                  css={{
                    marginTop: 'auto',
                    alignSelf: 'flex-start',
                    fontWeight: 600,
                    color: theme.colors.brand,
                    padding: '0.5rem 0',
                    '&:focus-visible': { outline: `3px solid ${theme.colors.focus}`, outlineOffset: 2 },
                  }}
                >
                  See it<span css={visuallyHidden}>: {workflow.name}</span>
                </Link>
              </li>
            );
          })}
        </ul>
      </Section>
    </Layout>
  );
}

export const Head = ({ location }: HeadProps) => (
  <Seo
    title="Workflow store"
    description="Predefined Dcipher workflows for review analysis, survey coding, brand monitoring, competitor tracking and news briefings, each shown with the last run of its sample."
    pathname={location.pathname}
  />
);
