import type { PredefinedWorkflow } from '@dcipher/shared/domain';
import { theme } from '@dcipher/shared/ui';

/** The workflow chosen in the workflow store, said on both steps of sign-up with what happens to it. */
export function ChosenWorkflow({ workflow }: { workflow: PredefinedWorkflow }) {
  return (
    <section
      aria-label="Your workflow"
      css={{
        border: `1px solid ${theme.colors.border}`,
        borderRadius: theme.radius,
        padding: '0.75rem 1rem',
        margin: '0 0 1.25rem',
        background: theme.colors.canvas,
      }}
    >
      <p css={{ margin: 0 }}>
        <strong>You are signing up to try {workflow.name}.</strong>
      </p>
      <p css={{ margin: '0.35rem 0 0', color: theme.colors.muted }}>
        Once you confirm your email, it runs on its sample, “{workflow.sample.name}”, and its page opens with
        the result as it comes in.
      </p>
    </section>
  );
}
