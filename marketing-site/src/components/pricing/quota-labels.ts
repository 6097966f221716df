import type { SubscriptionQuotaLabel } from '@dcipher/shared/domain';

/**
 * The pricing table's words for each plan quota: a short label that fits one line, and what its unit is. The API's
 * labels are the spec's (section 3) and stay the key; this is only how the pricing page says them.
 */
export const quotaWording: Record<SubscriptionQuotaLabel, { short: string; unit: string }> = {
  'Custom workflow quota': {
    short: 'Custom workflows',
    unit: 'workflows of your own design you can keep at the same time',
  },
  'Social media posts': {
    short: 'Social posts',
    unit: 'posts collected from social networks, forums and blogs',
  },
  'News media articles': { short: 'News articles', unit: 'online news articles collected' },
  'Landscape generation': { short: 'Landscapes', unit: 'topic landscape maps generated' },
  'Research bot interactions': {
    short: 'Research bot answers',
    unit: 'questions the research bot answers',
  },
  'Knowledge base index texts': {
    short: 'Knowledge base texts',
    unit: 'texts indexed into your knowledge bases each billing period',
  },
  'Research agent tasks': {
    short: 'Research agent tasks',
    unit: 'source-gathering jobs run by research agents',
  },
  'Report sections (cost-efficient models)': {
    short: 'Report sections, efficient',
    unit: 'report sections written by a cost-efficient language model',
  },
  'Report sections (state-of-the-art models)': {
    short: 'Report sections, advanced',
    unit: 'report sections written by a state-of-the-art language model',
  },
  Storage: { short: 'Storage', unit: 'space for uploaded files and collected data' },
  'Max file size': { short: 'File size limit', unit: 'the largest single file you can upload' },
  'Compute hours': { short: 'Compute hours', unit: 'hours of model processing' },
};
