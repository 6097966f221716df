import { theme } from '@dcipher/shared/ui';
import { Layout } from '../components/layout';
import { Seo } from '../components/seo';

const capabilities = [
  {
    title: 'Text analysis studio',
    text: 'Drop in survey answers, reviews, interviews or news and get themes, sentiment and trends you can trace back to the source sentence.',
  },
  {
    title: 'Workflows',
    text: 'Run predefined analyses or build your own, schedule them daily or weekly, and have results land where your team works.',
  },
  {
    title: 'Insight booster',
    text: 'Turn a project into a report with templates your stakeholders recognise, written with the model you choose.',
  },
];

export default function HomePage() {
  return (
    <Layout>
      <section
        css={{ padding: 'clamp(3rem, 8vw, 6rem) clamp(1rem, 6vw, 5rem)', background: theme.colors.canvas }}
      >
        <h1 css={{ fontSize: 'clamp(2rem, 5vw, 3.2rem)', margin: '0 0 1rem', maxWidth: '20ch' }}>
          Insight automation for teams that read more than they can
        </h1>
        <p css={{ fontSize: '1.2rem', maxWidth: '55ch', color: theme.colors.muted }}>
          Dcipher reads your customer feedback, research and media coverage, finds what matters and keeps
          watching, so your team spends its time deciding instead of sorting.
        </p>
      </section>
      <section
        aria-label="What Dcipher does"
        css={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fit, minmax(16rem, 1fr))',
          gap: '1.5rem',
          padding: '3rem clamp(1rem, 6vw, 5rem)',
        }}
      >
        {capabilities.map((capability) => (
          <article key={capability.title}>
            <h2 css={{ fontSize: '1.25rem' }}>{capability.title}</h2>
            <p css={{ color: theme.colors.muted, lineHeight: 1.6 }}>{capability.text}</p>
          </article>
        ))}
      </section>
    </Layout>
  );
}

export const Head = () => <Seo />;
