import { theme } from '@dcipher/shared/ui';
import { useEffect, useRef, useState } from 'react';

interface AltchaStateChange extends Event {
  detail: { state: string; payload?: string };
}

declare global {
  namespace JSX {
    interface IntrinsicElements {
      'altcha-widget': React.DetailedHTMLProps<React.HTMLAttributes<HTMLElement>, HTMLElement> & {
        challenge?: string;
        configuration?: string;
        name?: string;
        language?: string;
        hidefooter?: boolean;
      };
    }
  }
}

/**
 * The self-hosted proof-of-work captcha (ALTCHA widget): the visitor ticks "I'm not a robot", the browser solves
 * a small puzzle from our API, and the solution goes with the form. Keyboard-operable; no image puzzles.
 */
export function CaptchaField({
  challengeUrl,
  onChange,
  error,
  resetCount = 0,
}: {
  challengeUrl: string;
  onChange: (payload: string) => void;
  error?: string | undefined;
  /** Bump after a failed submit: a verified solution is spent once the API has seen it. */
  resetCount?: number;
}) {
  const widget = useRef<HTMLElement>(null);
  const [loaded, setLoaded] = useState(false);

  useEffect(() => {
    let active = true;
    // The widget registers <altcha-widget> when its module runs; load it only on screens that ask for it.
    import('altcha').then(() => active && setLoaded(true));
    return () => {
      active = false;
    };
  }, []);

  useEffect(() => {
    const element = widget.current;
    if (!loaded || !element) return;
    const onStateChange = (event: Event) => {
      const { state, payload } = (event as AltchaStateChange).detail;
      onChange(state === 'verified' && payload ? payload : '');
    };
    element.addEventListener('statechange', onStateChange);
    return () => element.removeEventListener('statechange', onStateChange);
  }, [loaded, onChange]);

  useEffect(() => {
    if (resetCount > 0) (widget.current as (HTMLElement & { reset?: () => void }) | null)?.reset?.();
  }, [resetCount]);

  return (
    // `data-field-name` and `tabIndex`: the form focuses this box when the captcha is the first field to fix.
    <div data-field-name="captcha" tabIndex={-1} css={{ marginBottom: '1rem' }}>
      <div
        css={{
          border: `1px solid ${error ? theme.colors.danger : 'transparent'}`,
          borderRadius: theme.radius,
          '--altcha-max-width': '100%',
          // The widget's height (ALTCHA 3.2's box, and this border): nothing below moves when it replaces the line
          // below, and the sign-up page's HTML has the same height as the live screen (docs/decisions/0083).
          boxSizing: 'border-box',
          minHeight: '77px',
        }}
      >
        {loaded ? (
          <altcha-widget
            ref={widget}
            challenge={challengeUrl}
            name="altcha"
            language="en"
            configuration={JSON.stringify({ humanInteractionSignature: false })}
          />
        ) : (
          <p
            css={{
              margin: 0,
              minHeight: '75px',
              boxSizing: 'border-box',
              display: 'flex',
              alignItems: 'center',
              padding: '0 0.75rem',
              border: `1px solid ${theme.colors.border}`,
              borderRadius: '3px',
              color: theme.colors.muted,
            }}
          >
            Loading the human check…
          </p>
        )}
      </div>
      {error ? (
        <span role="alert" css={{ color: theme.colors.danger, fontSize: '0.9rem' }}>
          {error}
        </span>
      ) : null}
    </div>
  );
}
