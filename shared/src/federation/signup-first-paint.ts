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
 * The notice's height in rem, given to both the reserved slot and the notice itself: its two sentences in the
 * sign-up card at 390 px, and from `wideFrom` (the card is a little wider); `margin`: the space under it. Measured
 * in Chromium (workflow-store.spec.mts checks that the form does not move), with room for the longest name.
 */
export const chosenWorkflowNoticeHeight = {
  narrow: 12.5,
  wide: 11,
  margin: 1.25,
  wideFrom: '40em',
} as const;
