import { freeTrialDays } from '@dcipher/shared/domain';
import { theme } from '@dcipher/shared/ui';
import type { ReactNode } from 'react';
import { Card, CardGrid, PageHero, Section } from '../page-sections';
import { type Action, ActionRow, BulletList, CallToAction, Lead, OrderedSteps } from './actions';

export interface ProductPageContent {
  eyebrow: string;
  title: string;
  lead: string;
  /** "What it is": two or three paragraphs. */
  overview: ReactNode[];
  capabilities: { title: string; text: ReactNode }[];
  steps: { title: string; text: string }[];
  /** How this product uses the shared data sources, one sentence or two. */
  sourcesNote: string;
  security: { title: string; text: string }[];
  /** The closing call to action. */
  closing: { title: string; text: string };
  /** A picture of the product's screen, beside the hero's text. */
  illustration: ReactNode;
  /** Links the hero offers after the trial and pricing (the workflow store on the Workflows page). */
  moreActions?: Action[];
}

/** The data sources every product reads; the same connectors serve Studio, Workflows and Insight Booster. */
export const dataSources: { title: string; items: string[] }[] = [
  {
    title: 'Social media',
    items: [
      'Facebook, X (Twitter), Instagram, YouTube and TikTok',
      'Discussion forums and blogs',
      'Filters by language, location and relative date',
    ],
  },
  {
    title: 'News',
    items: [
      'Licensed online news from thousands of outlets',
      'Article limits per run to keep credit use predictable',
      'RSS feeds from the publications and blogs you follow',
    ],
  },
  {
    title: 'Uploaded files',
    items: [
      'Spreadsheets and tables: csv, tsv, xls, xlsx',
      'Structured data: json, jsonl, ndjson',
      'Documents: pdf, docx, txt',
    ],
  },
  {
    title: 'Research tools',
    items: [
      'SurveyMonkey surveys, with open-ended answers mapped automatically',
      'Miro boards from workshops and interview synthesis',
      'Public web pages by URL, and forwarded email',
    ],
  },
  {
    title: 'Your own systems',
    items: [
      'The Dcipher API to push data in and pull results out',
      'Knowledge bases built from your reports and documentation',
      'Results of research agents that gather sources for you',
    ],
  },
];

export function DataSourcesSection({ note }: { note: string }) {
  return (
    <Section title="Data sources supported">
      <Lead>{note}</Lead>
      <CardGrid min="15rem">
        {dataSources.map((group) => (
          <Card key={group.title} title={group.title}>
            <BulletList items={group.items} />
          </Card>
        ))}
      </CardGrid>
    </Section>
  );
}

/** The shared structure of the three product pages. */
export function ProductPage({ content }: { content: ProductPageContent }) {
  return (
    <>
      <PageHero
        eyebrow={content.eyebrow}
        title={content.title}
        lead={content.lead}
        aside={content.illustration}
      >
        <ActionRow
          actions={[
            { label: `Start your ${freeTrialDays}-day free trial`, to: '/signup' },
            { label: 'See pricing', to: '/pricing', variant: 'secondary' },
            ...(content.moreActions ?? []),
          ]}
        />
      </PageHero>
      <Section title={`What ${content.eyebrow} is`}>
        <div css={{ maxWidth: '70ch', fontSize: '1.075rem', '& p': { margin: '0 0 1rem' } }}>
          {content.overview.map((paragraph, index) => (
            <p key={index}>{paragraph}</p>
          ))}
        </div>
      </Section>
      <Section title="Key capabilities">
        <CardGrid>
          {content.capabilities.map((capability) => (
            <Card key={capability.title} title={capability.title}>
              <p css={{ margin: 0 }}>{capability.text}</p>
            </Card>
          ))}
        </CardGrid>
      </Section>
      <div css={{ background: theme.colors.canvas }}>
        <Section title="How it works">
          <OrderedSteps steps={content.steps} />
        </Section>
      </div>
      <DataSourcesSection note={content.sourcesNote} />
      <Section title="Security and data protection">
        <CardGrid>
          {content.security.map((note) => (
            <Card key={note.title} title={note.title}>
              <p css={{ margin: 0 }}>{note.text}</p>
            </Card>
          ))}
        </CardGrid>
      </Section>
      <CallToAction
        title={content.closing.title}
        actions={[
          { label: `Start your free ${freeTrialDays}-day trial`, to: '/signup' },
          { label: 'Compare plans and credits', to: '/pricing', variant: 'secondary' },
        ]}
      >
        <p css={{ margin: 0 }}>{content.closing.text}</p>
      </CallToAction>
    </>
  );
}

/** Security notes that hold for every product; each page adds its own. */
export const sharedSecurityNotes: { title: string; text: string }[] = [
  {
    title: 'Hosted in the EU, in the region you choose',
    text: 'Your data is stored and processed in the EU by default. Account admins pick the cloud region for their organization in the cloud settings, and data stays there.',
  },
  {
    title: 'Roles, sharing and single sign-on',
    text: 'Organizations have admins, teammates and guests, and every project, workflow and knowledge base has owners, editors and viewers. Sign in with your identity provider through SSO and set a password-expiry policy for everyone else.',
  },
  {
    title: 'Retention you control',
    text: 'Choose to keep collected and uploaded data for 90, 180 or 360 days. When the period ends the data is deleted, not archived somewhere else.',
  },
  {
    title: 'Your data does not train models',
    text: 'Texts you analyse are never used to train Dcipher’s or any third party’s models. Model providers process them only to return your result, under a data processing agreement.',
  },
];
