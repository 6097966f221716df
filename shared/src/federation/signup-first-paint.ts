/**
 * What the site's /signup HTML and the remote's sign-up screen agree on so that the form does not move when the
 * workflow chosen in the store is named above it (issue 36 point 2, docs/decisions/0127). The build renders the
 * form without knowing the address; an inline script in the page's head sets this attribute on `<html>` when the
 * address (or this tab) names a workflow of the catalogue, and the screen's slot for the notice then holds the
 * notice's height from the first paint until the notice fills it.
 */
export const chosenWorkflowPendingAttribute = 'data-signup-workflow';

/** Where the tab keeps the workflow chosen in the store while signing up (the remote's sign-up draft). */
export const chosenWorkflowStorageKey = 'dcipher.signup-workflow';

/**
 * A notice's height in rem by the page's width: each band from its `from` up (the first from 0), and `margin`, the
 * space under it. The reserved slot and the notice itself are given the same heights.
 */
export interface NoticeHeights {
  bands: readonly { from: string; height: number }[];
  margin: number;
}

/**
 * The workflow notice's height: its two sentences in the sign-up card at 390 px, and from 40em (the card is a
 * little wider). Measured in Chromium (workflow-store.spec.mts checks that the form does not move), with room for
 * the longest name.
 */
export const chosenWorkflowNoticeHeight: NoticeHeights = {
  bands: [
    { from: '0em', height: 12.5 },
    { from: '40em', height: 11 },
  ],
  margin: 1.25,
};

/**
 * The same for the plan chosen on the pricing page (`/signup?plan=…`): the head's script sets this attribute when
 * the address names a plan (a slug; the build does not know which plans the API sells), and the screen's slot for
 * the "Your plan" notice holds its height from the first paint. When no plan of that id exists, the screen removes
 * the attribute and the slot closes.
 */
export const chosenPlanPendingAttribute = 'data-signup-plan';

/** What a plan's id looks like in the address (the API's plan slugs, such as `starter-monthly`). */
export const planIdPattern = /^[a-z0-9][a-z0-9-]{0,63}$/;

/**
 * The "Your plan" notice's height in rem, as `chosenWorkflowNoticeHeight`: its two paragraphs in the sign-up card,
 * by the page's width (from `from` up, the first band from 0), with room for the longest plan name and price the
 * catalogue has; `margin`: the space under it. Measured in Chromium at 320 to 1,366 px (the tallest notice: 19.0
 * at 320 px, 17.5 at 360, 15.9 at 384 to 390, 12.8 from 420); visitor-layout.spec.mts checks that the form does
 * not move.
 */
export const chosenPlanNoticeHeight: NoticeHeights = {
  bands: [
    { from: '0em', height: 19.25 },
    { from: '22.5em', height: 17.5 },
    { from: '24em', height: 16 },
    { from: '26.25em', height: 13 },
  ],
  margin: 1.25,
};
