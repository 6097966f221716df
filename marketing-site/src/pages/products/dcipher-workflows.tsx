import { routes } from '@dcipher/shared/routes';
import { type HeadProps, Link } from 'gatsby';
import { WorkflowsIllustration } from '../../components/illustrations/product-illustrations';
import { Layout } from '../../components/layout';
import {
  ProductPage,
  type ProductPageContent,
  sharedSecurityNotes,
} from '../../components/pages/product-page';
import { Seo } from '../../components/seo';

const content: ProductPageContent = {
  eyebrow: 'Dcipher Workflows',
  title: 'Insight work that runs itself, on schedule',
  lead: 'Dcipher Workflows turns the analyses you repeat every week into automated pipelines. Start from a predefined workflow or the workflow store, or build your own, and let the results arrive before the meeting.',
  overview: [
    'A surprising share of insight work is the same job done again: pull last week’s mentions, clean them, code them against the same themes, update the tracker, write the summary. It is important work, and it crowds out the analysis that only people can do.',
    'Workflows captures that routine once. A workflow collects data from your sources, applies filters, runs the analyses you chose, and writes the results to a project, a report or your own systems through the API. Runs can be started by hand, on a schedule or by another system.',
    'Each run is recorded with its inputs and outputs, so you can compare this week with last week, rerun a period with new settings, and see exactly which credits a run used.',
  ],
  capabilities: [
    {
      title: 'Predefined workflows',
      text: 'Ready-made workflows for brand monitoring, survey coding, review analysis, competitor tracking and news briefings. Fill in a few inputs and run.',
    },
    {
      title: 'Custom workflows',
      text: 'Chain collection, filtering, analysis and reporting steps into your own workflow, with a guided wizard for the first one and full control after that.',
    },
    {
      title: 'Scheduling',
      text: 'Run workflows daily, weekly or monthly, or quarterly, half-yearly and yearly for trackers. Each run covers the period since the last one, so nothing is counted twice.',
    },
    {
      title: 'Workflow store',
      text: (
        <>
          Browse the workflows published by Dcipher in the{' '}
          <Link to={routes.workflowStore.path}>workflow store</Link>, each shown with what it found in its
          sample, try one in a click, and adapt its inputs to your markets and brands.
        </>
      ),
    },
    {
      title: 'Comparison runs',
      text: 'Run the same workflow on two periods or two segments side by side and get the differences, not two reports to compare by eye.',
    },
    {
      title: 'Research agents',
      text: 'Give an agent a brief, such as “find regulatory consultations on food labelling in the Nordics”, and it gathers and summarises sources as a workflow step.',
    },
    {
      title: 'API and automation',
      text: 'Trigger runs from your own systems and fetch results as JSON. The run history shows whether a run came from the platform, the scheduler or the API.',
    },
    {
      title: 'Predictable cost',
      text: 'Set article limits and filters per workflow, see the estimated credits before a run and the actual use after it, all charged to your wallet.',
    },
  ],
  steps: [
    {
      title: 'Pick a starting point',
      text: 'Choose a predefined workflow, install one from the workflow store, or start a custom workflow with the wizard.',
    },
    {
      title: 'Set the inputs',
      text: 'Select sources and fill in the inputs the workflow asks for: keywords, brands, languages, locations, a date range or a Studio template to apply.',
    },
    {
      title: 'Test it once',
      text: 'Run it on a recent period, check the results in Studio, and adjust filters until the output is what your team needs.',
    },
    {
      title: 'Schedule it',
      text: 'Choose a frequency and a start date. Dcipher runs the workflow on time and keeps the history of every run.',
    },
    {
      title: 'Use the results',
      text: 'Results appear in your project, feed an Insight Booster report, or are collected by your own systems through the API.',
    },
  ],
  sourcesNote:
    'A workflow can combine several sources and collect from them on every run, so a weekly brand tracker can read social media, news and your RSS feeds together.',
  security: [
    ...sharedSecurityNotes,
    {
      title: 'Audit trail for every run',
      text: 'Each run records who or what started it, the inputs used, the data collected and the credits spent, so scheduled automation stays accountable.',
    },
  ],
  closing: {
    title: 'Automate your first tracker this week',
    text: 'Start with a predefined workflow and schedule it during your trial. Most teams have their first weekly run in place within an hour.',
  },
  illustration: <WorkflowsIllustration />,
  moreActions: [{ label: 'Browse the workflow store', to: routes.workflowStore.path, variant: 'secondary' }],
};

export default function DcipherWorkflowsPage() {
  return (
    <Layout>
      <ProductPage content={content} />
    </Layout>
  );
}

export const Head = ({ location }: HeadProps) => (
  <Seo
    title="Dcipher Workflows: automated analysis"
    description="Automate recurring insight work with predefined and custom workflows, daily, weekly or monthly schedules, a workflow store and an API."
    pathname={location.pathname}
  />
);
