import type { PredefinedWorkflow } from '@dcipher/shared/domain';
import { chosenWorkflowNoticeHeight, chosenWorkflowPendingAttribute } from '@dcipher/shared/federation';
import { theme } from '@dcipher/shared/ui';
import type { ReactNode } from 'react';

const { narrow, wide, margin, wideFrom } = chosenWorkflowNoticeHeight;
const rem = (value: number) => `${value}rem`;

/**
 * Where sign-up's first step names the chosen workflow. The site's HTML of the form is built without the address,
 * so the notice only appears once the form is live; when the page's head saw a workflow in the address it set
 * `chosenWorkflowPendingAttribute`, and this slot holds the notice's height (and margin) from the first paint, so
 * nothing below it moves when the notice arrives (issue 36 point 2).
 */
export function ChosenWorkflowSlot({ children }: { children: ReactNode }) {
  return (
    <div
      data-chosen-workflow-slot=""
      css={{
        // Its own formatting context: the notice's margin stays inside the reserved height.
        display: 'flow-root',
        [`html[${chosenWorkflowPendingAttribute}] &`]: {
          minHeight: rem(narrow + margin),
          [`@media (min-width: ${wideFrom})`]: { minHeight: rem(wide + margin) },
        },
      }}
    >
      {children}
    </div>
  );
}

/** The workflow chosen in the workflow store, said on both steps of sign-up with what happens to it. */
export function ChosenWorkflow({ workflow }: { workflow: PredefinedWorkflow }) {
  return (
    <section
      aria-label="Your workflow"
      css={{
        border: `1px solid ${theme.colors.border}`,
        borderRadius: theme.radius,
        padding: '0.75rem 1rem',
        margin: `0 0 ${rem(margin)}`,
        background: theme.colors.canvas,
        // The height the slot reserved: the notice fills it exactly (taller only if its words ever need it).
        boxSizing: 'border-box',
        minHeight: rem(narrow),
        [`@media (min-width: ${wideFrom})`]: { minHeight: rem(wide) },
      }}
    >
      <p css={{ margin: 0 }}>
        <strong>You are signing up to try {workflow.name}.</strong>
      </p>
      <p css={{ margin: '0.35rem 0 0', color: theme.colors.muted }}>
        {/* Words of one length for every workflow: the space held for them before the form is live fits all. */}
        Once you confirm your email, it runs on its sample and opens with its result.
      </p>
    </section>
  );
}
