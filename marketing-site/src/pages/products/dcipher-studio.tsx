import type { HeadProps } from 'gatsby';
import { StudioIllustration } from '../../components/illustrations/product-illustrations';
import { Layout } from '../../components/layout';
import {
  ProductPage,
  type ProductPageContent,
  sharedSecurityNotes,
} from '../../components/pages/product-page';
import { Seo } from '../../components/seo';

const content: ProductPageContent = {
  eyebrow: 'Dcipher Studio',
  title: 'Read thousands of comments the way your best analyst reads ten',
  lead: 'Dcipher Studio is the text analysis studio for survey open-ends, reviews, social media, news and documents. Find the themes, measure sentiment, spot trends early and trace every finding back to the sentence it came from.',
  overview: [
    'Most organizations sit on more written feedback than anyone can read: the open-ended answers at the end of every survey, app store reviews, support tickets, interview transcripts, the conversation about the brand on social media and in the press. Coding it by hand takes weeks, and by the time the slides are ready the moment has passed.',
    'Studio reads all of it. It groups texts into themes you can rename, merge and split, scores sentiment per theme rather than per document, and shows how each theme moves over time. Every number on every chart links to the underlying quotes, so you can defend a finding in the meeting where it is challenged.',
    'Studio is where analysts explore and refine. When an analysis is worth repeating, turn it into a workflow; when it is worth presenting, hand it to Insight Booster to write the report.',
  ],
  capabilities: [
    {
      title: 'Themes you can steer',
      text: 'Build a theme tree bottom-up from the data or top-down from your own codebook. Categories and subcategories stay editable, and you can exclude off-topic texts without deleting them.',
    },
    {
      title: 'Sentiment per theme',
      text: 'See that customers love the new checkout but dislike the delivery fee, not just that the average mood is “slightly positive”. Sentiment is scored at sentence level and rolled up.',
    },
    {
      title: 'Trend detection',
      text: 'Track the volume and momentum of every theme. Studio flags topics that grow faster than their usual pace so you hear about an issue before it becomes a headline.',
    },
    {
      title: 'Narrative analysis',
      text: 'Go beyond keywords to the stories people tell: who is blamed, what is promised, which framing spreads. Useful for media monitoring, public consultations and reputation work.',
    },
    {
      title: 'Landscapes and comparisons',
      text: 'Map a whole topic area in one view, then compare two periods, markets or segments in a comparison run to see exactly what changed and why.',
    },
    {
      title: 'Research bot with citations',
      text: 'Ask a question in plain English, such as “why did Danish respondents rate onboarding lower?”, and get an answer grounded in your data and knowledge bases, with the quotes it relied on.',
    },
    {
      title: 'Many languages, one analysis',
      text: 'Analyse responses in their original language or translate them on the fly, so a survey fielded in twelve markets ends up in a single theme structure.',
    },
    {
      title: 'Templates for repeat projects',
      text: 'Save a project as a template with its codebook, filters and views, so next quarter’s tracker starts where this quarter’s ended and the results stay comparable.',
    },
  ],
  steps: [
    {
      title: 'Bring in your text',
      text: 'Upload a file, connect SurveyMonkey or Miro, or set up a social media or news search. Studio recognises text columns and metadata such as date, market and rating.',
    },
    {
      title: 'Let Studio propose a structure',
      text: 'Within minutes you see suggested themes, sentiment and a timeline. Choose Precise, Balanced or Creative to set how literal or exploratory the AI should be.',
    },
    {
      title: 'Refine it with your expertise',
      text: 'Rename, merge and split themes, apply your own codebook, and exclude noise. Studio re-scores everything as you go, so the numbers always match the structure you see.',
    },
    {
      title: 'Explore and ask questions',
      text: 'Filter by segment, compare periods, open the quotes behind any figure, and ask the research bot follow-up questions.',
    },
    {
      title: 'Share, repeat or report',
      text: 'Share the project with colleagues as editors or viewers, save it as a template, schedule it as a workflow, or send it to Insight Booster for a written report.',
    },
  ],
  sourcesNote:
    'Studio works on anything written. Combine several sources in one project, for example survey answers next to reviews, and compare what people say in each channel.',
  security: [
    ...sharedSecurityNotes,
    {
      title: 'Traceable results',
      text: 'Every theme, score and answer links back to the source texts, so findings can be audited and nothing is presented that the data does not support.',
    },
  ],
  closing: {
    title: 'Try Studio on your own data',
    text: 'Upload last quarter’s survey export and see your themes in minutes. The trial includes every Studio feature and needs no credit card.',
  },
  illustration: <StudioIllustration />,
};

export default function DcipherStudioPage() {
  return (
    <Layout>
      <ProductPage content={content} />
    </Layout>
  );
}

export const Head = ({ location }: HeadProps) => (
  <Seo
    title="Dcipher Studio: AI text analysis"
    description="Find themes, sentiment, trends and narratives in survey open-ends, reviews, social media, news and documents, with every finding traced to its source."
    pathname={location.pathname}
  />
);
