import {
  findPredefinedWorkflow,
  freeTrialDays,
  type PredefinedWorkflow,
  type WorkflowInputDefinition,
} from '@dcipher/shared/domain';
import { formatDate } from '@dcipher/shared/format';
import { FigureTable, RunInsightsView } from '@dcipher/shared/insights';
import { pathTo, routes } from '@dcipher/shared/routes';
import { theme } from '@dcipher/shared/ui';
import type { HeadProps, PageProps } from 'gatsby';
import type { StoreWorkflow } from '../build/load-workflow-store.mjs';
import { Layout } from '../components/layout';
import { PageHero, Section } from '../components/page-sections';
import { ActionRow, BulletList, CallToAction, Lead } from '../components/pages/actions';
import { Seo } from '../components/seo';
import {
  analysisTypeLabels,
  creditsPerThousandLabel,
  dataSourceKindLabels,
  formatCount,
  inputKindLabels,
} from '../components/workflow-store/workflow-labels';

/** A store page's context (gatsby-node.mjs): one workflow's price and its sample's last run, from the API. */
export type WorkflowStoreItemContext = StoreWorkflow;

/** Where "Try it" leads: sign-up with the workflow chosen (docs/decisions/0071). */
export const tryItPath = (id: string) => pathTo('signup', {}, { workflow: id });

function defaultOf(input: WorkflowInputDefinition): string {
  switch (input.kind) {
    case 'select':
      return input.options.find((option) => option.value === input.default)?.label ?? input.default;
    case 'text':
      return input.default === '' ? 'Empty' : input.default;
    case 'boolean':
      return input.default ? 'Yes' : 'No';
    default:
      return `${formatCount(input.default)} (from ${formatCount(input.min)} to ${formatCount(input.max)})`;
  }
}

function Inputs({ workflow }: { workflow: PredefinedWorkflow }) {
  return (
    <Section title="Its inputs">
      <Lead>
        What you can set before a run. Each starts at its default, so the workflow runs as it is, too.
      </Lead>
      <FigureTable
        caption={`The inputs of ${workflow.name}`}
        columns={[{ label: 'Input' }, { label: 'Kind' }, { label: 'Default' }, { label: 'What it does' }]}
        rows={workflow.inputs.map((input) => [
          input.label,
          inputKindLabels[input.kind],
          defaultOf(input),
          input.help,
        ])}
      />
    </Section>
  );
}

function SampleRun({
  workflow,
  lastRun,
}: {
  workflow: PredefinedWorkflow;
  lastRun: StoreWorkflow['lastRun'];
}) {
  return (
    <Section title="The last run of its sample">
      {lastRun ? (
        <>
          <Lead>
            {workflow.name} ran {lastRun.finishedAt ? `on ${formatDate(lastRun.finishedAt)} ` : ''}over{' '}
            {formatCount(lastRun.documentsAnalysed)} documents of its sample, “{workflow.sample.name}”:{' '}
            {workflow.sample.description} This is what it found.
          </Lead>
          <RunInsightsView insights={lastRun.insights} />
        </>
      ) : (
        <div
          css={{
            border: `1px solid ${theme.colors.border}`,
            borderRadius: theme.radius,
            background: theme.colors.canvas,
            padding: '1.25rem 1.5rem',
            maxWidth: '65ch',
          }}
        >
          <p css={{ margin: 0, fontWeight: 600 }}>The first run of this sample is being prepared.</p>
          <p css={{ margin: '0.5rem 0 0', color: theme.colors.muted }}>
            {workflow.name} will run on its sample, “{workflow.sample.name}”, and what it finds will be drawn
            here. You can try it on the same sample now.
          </p>
        </div>
      )}
    </Section>
  );
}

export default function WorkflowStoreItemPage({ pageContext }: PageProps<object, WorkflowStoreItemContext>) {
  const workflow = findPredefinedWorkflow(pageContext.id);
  if (!workflow) throw new Error(`No predefined workflow ${pageContext.id}`);
  const price = creditsPerThousandLabel(pageContext.creditsPerThousandDocuments);
  return (
    <Layout>
      <PageHero eyebrow={routes.workflowStore.title} title={workflow.name} lead={workflow.summary}>
        <ActionRow
          actions={[
            { label: 'Try it', to: tryItPath(workflow.id) },
            { label: 'All workflows', to: routes.workflowStore.path, variant: 'secondary' },
          ]}
        />
      </PageHero>
      <Section title="What it does">
        <Lead>{workflow.description}</Lead>
        <h3 css={{ fontSize: '1.2rem', margin: '0 0 0.25rem' }}>What you get</h3>
        <BulletList items={[...workflow.outcomes]} />
        <p css={{ margin: '1.25rem 0 0' }}>
          <strong>Analysis:</strong> {analysisTypeLabels[workflow.analysisType]}
        </p>
      </Section>
      <Inputs workflow={workflow} />
      <Section title="The data it takes">
        <BulletList items={workflow.dataSourceKinds.map((kind) => dataSourceKindLabels[kind])} />
        <p css={{ margin: '1rem 0 0', maxWidth: '65ch' }}>
          It comes with a sample dataset, “{workflow.sample.name}”: {workflow.sample.description}
        </p>
      </Section>
      <Section title="Price">
        <p css={{ margin: 0, maxWidth: '65ch' }}>
          Runs count against your plan's quota of documents first. Past the quota, a run costs{' '}
          <strong>{price}</strong> from your wallet. You see the cost before every run.
        </p>
      </Section>
      <SampleRun workflow={workflow} lastRun={pageContext.lastRun} />
      <CallToAction
        title={`Try ${workflow.name} on your data`}
        actions={[
          {
            label: `Start your ${freeTrialDays}-day free trial with ${workflow.name}`,
            to: tryItPath(workflow.id),
          },
          { label: 'See pricing', to: routes.pricing.path, variant: 'secondary' },
        ]}
      >
        <p css={{ margin: 0 }}>
          Sign up and confirm your email: {workflow.name} runs on its sample and opens with its result. No
          credit card needed.
        </p>
      </CallToAction>
    </Layout>
  );
}

export const Head = ({ location, pageContext }: HeadProps<object, WorkflowStoreItemContext>) => {
  const workflow = findPredefinedWorkflow(pageContext.id);
  return (
    <Seo
      title={workflow ? `${workflow.name}: a Dcipher workflow` : routes.workflowStoreItem.title}
      description={workflow?.summary ?? routes.workflowStore.title}
      pathname={location.pathname}
    />
  );
};
