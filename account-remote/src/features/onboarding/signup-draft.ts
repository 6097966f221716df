import { findPredefinedWorkflow, type PredefinedWorkflow } from '@dcipher/shared/domain';
import { chosenWorkflowStorageKey } from '@dcipher/shared/federation';

/**
 * What a visitor typed into sign-up's first step, kept for this browser tab so that going back (to the pricing
 * page or the checkout) and forward again loses nothing. Never the password or the captcha; removed once the
 * account is created. sessionStorage: this tab only, gone when it closes.
 */
const key = 'dcipher.signup-draft';

/** The fields kept: text and choices a person would be annoyed to type twice. */
export const draftFields = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'company',
  'jobTitle',
  'companySize',
  'customerType',
  'receiveEmails',
] as const;
export type DraftField = (typeof draftFields)[number];
export type SignupDraft = Partial<Record<DraftField, string | boolean>>;

export function readSignupDraft(): SignupDraft {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(key) ?? '{}');
    if (typeof stored !== 'object' || stored === null) return {};
    const draft: SignupDraft = {};
    for (const field of draftFields) {
      const value: unknown = (stored as Record<string, unknown>)[field];
      if (typeof value === 'string' || typeof value === 'boolean') draft[field] = value;
    }
    return draft;
  } catch {
    return {};
  }
}

export function saveSignupDraft(values: Record<string, unknown>): void {
  const draft: SignupDraft = {};
  for (const field of draftFields) {
    const value = values[field];
    if (typeof value === 'string' || typeof value === 'boolean') draft[field] = value;
  }
  try {
    sessionStorage.setItem(key, JSON.stringify(draft));
  } catch {
    // Storage refused (private mode): nothing is kept, as before.
  }
}

export function forgetSignupDraft(): void {
  try {
    sessionStorage.removeItem(key);
  } catch {
    // Nothing kept.
  }
}

// The site's /signup head reads it too, to reserve the notice's space (signup-first-paint.ts).
const workflowKey = chosenWorkflowStorageKey;

/**
 * The predefined workflow a visitor chose in the workflow store ("Try it" → `/signup?workflow=…`), kept for this
 * tab like the draft so that a detour (to pricing and back with a plan) does not lose it. Only an id of the
 * catalogue counts: anything else in the query is ignored.
 */
export function readChosenWorkflow(asked: string | undefined): PredefinedWorkflow | undefined {
  const fromQuery = findPredefinedWorkflow(asked ?? '');
  try {
    if (fromQuery) {
      sessionStorage.setItem(workflowKey, fromQuery.id);
      return fromQuery;
    }
    return findPredefinedWorkflow(sessionStorage.getItem(workflowKey) ?? '');
  } catch {
    return fromQuery; // storage refused (private mode): the query alone
  }
}

export function forgetChosenWorkflow(): void {
  try {
    sessionStorage.removeItem(workflowKey);
  } catch {
    // Nothing kept.
  }
}
