// The company's facts, declared once: the site's pages (about, our people, our supporters) and the content
// normalisation (the press articles' "About Dcipher" and press contact) read them from here, and a test checks
// the CMS snapshot against them (marketing-site/src/company-facts.test.ts). See docs/decisions/0047.
import { companyContacts, companyName, freeTrialDays } from './constants.js';

export type LeaderKey = 'ceo' | 'chiefScientist' | 'cto' | 'cpo' | 'headOfAppliedAi' | 'vpEngineering';

export interface Leader {
  name: string;
  /** The title in full, as the "Our people" page shows it. */
  role: string;
  /**
   * The short titles a press release may use for this person (`CEO`, `Chief Scientist`): a release naming one of
   * them without another company's name must name this person.
   */
  titles: readonly string[];
}

export interface FundingRound {
  round: string;
  year: number;
  /** In millions of euros. */
  amountMillionEur: number;
  lead: string;
}

const leadership: Record<LeaderKey, Leader> = {
  ceo: {
    name: 'Mette Kjærgaard',
    role: 'Co-founder and Chief Executive Officer',
    titles: ['CEO', 'Chief Executive Officer', 'Chief Executive'],
  },
  chiefScientist: {
    name: 'Jonas Lindqvist',
    role: 'Co-founder and Chief Scientist',
    titles: ['Chief Scientist'],
  },
  cto: {
    name: 'Henrik Vestergaard',
    role: 'Chief Technology Officer',
    titles: ['CTO', 'Chief Technology Officer'],
  },
  cpo: {
    name: 'Sofie Brandt',
    role: 'Chief Product Officer',
    titles: ['CPO', 'Chief Product Officer'],
  },
  headOfAppliedAi: { name: 'Amira Haddad', role: 'Head of Applied AI', titles: ['Head of Applied AI'] },
  vpEngineering: { name: 'Tomasz Wójcik', role: 'VP Engineering', titles: ['VP Engineering'] },
};

/** Leadership in the order the "Our people" page lists it. */
export const leadershipOrder: readonly LeaderKey[] = [
  'ceo',
  'chiefScientist',
  'cto',
  'cpo',
  'headOfAppliedAi',
  'vpEngineering',
];

const fundingRounds: readonly FundingRound[] = [
  { round: 'Pre-seed', year: 2019, amountMillionEur: 0.5, lead: 'Kattegat Angels' },
  { round: 'Seed', year: 2021, amountMillionEur: 2.5, lead: 'Nordhavn Ventures' },
  { round: 'Series A', year: 2025, amountMillionEur: 8, lead: 'Skerryfield Ventures' },
  { round: 'Series B', year: 2026, amountMillionEur: 30, lead: 'Halvard Growth Partners' },
];

export const companyFacts = {
  name: companyName,
  founded: 2019,
  headquarters: 'Copenhagen',
  /** Where the team works; every page and release that names offices names these. */
  offices: ['Copenhagen', 'Lund'] as const,
  employees: 120,
  /** Customer organisations, as last announced (the Series B release, October 2026). */
  customers: { count: 1200, countries: 19 },
  leadership,
  fundingRounds,
  /** Who answers journalists; the address is one of the contact points (companyContacts). */
  pressContact: { name: 'Nanna Friis', role: 'Head of Communications', email: companyContacts.pressEmail },
  support: { email: companyContacts.supportEmail, phone: companyContacts.supportPhone },
  /** The standard "About Dcipher" paragraph that closes every press release. */
  boilerplate:
    `${companyName} is an AI-powered insight-automation platform. Its text analysis studio, workflows, insight ` +
    'booster, knowledge bases and research bot help insight, research and communications teams turn surveys, ' +
    'reviews, news, social media and documents into decisions. Individuals and businesses can start with a ' +
    `${freeTrialDays}-day free trial, no credit card required.`,
} as const;

/** A count as the site writes it: 1200 → "1,200". */
export function formatCount(count: number): string {
  return count.toLocaleString('en-GB');
}

/** The offices as a phrase: "Copenhagen and Lund". */
export function officesText(): string {
  const offices = [...companyFacts.offices];
  const last = offices.pop();
  return offices.length > 0 ? `${offices.join(', ')} and ${last}` : (last ?? '');
}

/** The total raised over every round, in millions of euros ("41"). */
export function totalRaisedMillionEur(): number {
  return companyFacts.fundingRounds.reduce((sum, round) => sum + round.amountMillionEur, 0);
}
