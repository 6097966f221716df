import type { HeadProps } from 'gatsby';
import { InsightBoosterIllustration } from '../../components/illustrations/product-illustrations';
import { Layout } from '../../components/layout';
import {
  ProductPage,
  type ProductPageContent,
  sharedSecurityNotes,
} from '../../components/pages/product-page';
import { Seo } from '../../components/seo';

const content: ProductPageContent = {
  eyebrow: 'Dcipher Insight Booster',
  title: 'From finished analysis to a report your stakeholders will read',
  lead: 'Dcipher Insight Booster turns analyses into written reports. Set up a project, choose a report template, pick a cost-efficient or a state-of-the-art model, and get a draft grounded in your data that you edit, brand and share.',
  overview: [
    'The last mile of insight work is writing it up. An analyst who has spent two days on the data can spend two more turning it into a document for leadership, a briefing for the press office or a deck for a client. The findings are there; the prose is the bottleneck.',
    'Insight Booster writes the first draft. A project gathers the analyses, files and knowledge bases a report should draw on. A report template describes the sections your audience expects, from an executive summary to recommendations, and the tone and length of each. Insight Booster generates each section from the evidence, with citations you can check.',
    'You stay the author. Edit any section, regenerate it with different instructions, and lock the parts you are happy with. Templates are reusable, so the monthly report reads the same way every month.',
  ],
  capabilities: [
    {
      title: 'Projects that collect the evidence',
      text: 'Add Studio projects, workflow results, uploaded documents and knowledge bases to a project, and Insight Booster writes only from what you included.',
    },
    {
      title: 'Report templates',
      text: 'Start from templates for executive summaries, customer experience reviews, media briefings and consultation reports, or design your own section by section.',
    },
    {
      title: 'Choose the model per section',
      text: 'Use a cost-efficient model for descriptive sections and a state-of-the-art model for synthesis and recommendations. You see the credit cost of each choice before you generate.',
    },
    {
      title: 'Citations you can check',
      text: 'Every claim in a generated section links to the quotes and figures behind it, so reviewers can verify the draft instead of trusting it.',
    },
    {
      title: 'Your brand and voice',
      text: 'Apply your logo, colours and house style with brand customization, and give each template instructions on tone, terminology and length.',
    },
    {
      title: 'Recurring reports',
      text: 'Connect a report to a scheduled workflow and a new draft is ready after each run, written with the same template so month-on-month changes stand out.',
    },
  ],
  steps: [
    {
      title: 'Create a project',
      text: 'Name the report, add the Studio projects, workflow results, files and knowledge bases it should draw on, and invite colleagues as editors or viewers.',
    },
    {
      title: 'Choose a report template',
      text: 'Pick a template from the library or one your organization has made, and adjust its sections, instructions and length.',
    },
    {
      title: 'Select the models',
      text: 'Decide per section between a cost-efficient model and a state-of-the-art model. The estimate shows the credits the report will use.',
    },
    {
      title: 'Generate and review',
      text: 'Insight Booster drafts each section with citations. Edit the text, regenerate a section with new instructions, and lock what is final.',
    },
    {
      title: 'Share the report',
      text: 'Export the branded report or share it with stakeholders, and save the setup as a template for the next edition.',
    },
  ],
  sourcesNote:
    'Insight Booster writes from the analyses and documents in a project, so every source Studio and Workflows can read can end up, with citations, in a report.',
  security: [
    ...sharedSecurityNotes,
    {
      title: 'Grounded, reviewable generation',
      text: 'Reports are generated only from the material in the project, and every section can be reviewed against its citations before it leaves your team.',
    },
  ],
  closing: {
    title: 'Write your next report in an afternoon',
    text: 'Bring one finished analysis and one report you have written before. During the trial we will help you turn it into a template.',
  },
  illustration: <InsightBoosterIllustration />,
};

export default function DcipherInsightBoosterPage() {
  return (
    <Layout>
      <ProductPage content={content} />
    </Layout>
  );
}

export const Head = ({ location }: HeadProps) => (
  <Seo
    title="Dcipher Insight Booster: AI-written reports"
    description="Turn analyses into cited, branded reports with reusable templates, choosing cost-efficient or state-of-the-art AI models per section."
    pathname={location.pathname}
  />
);
