import { theme } from '@dcipher/shared/ui';
import { Link } from 'gatsby';
import { useEffect, useRef, useState } from 'react';
import { consentStore } from './consent';

/** Any "Privacy choices" control asks the banner to open again with this event (the footer has one). */
export const consentChoicesEvent = 'dcipher:consent-choices';

/** Opens the consent banner again, so a visitor can change an earlier choice. */
export function openConsentChoices(): void {
  window.dispatchEvent(new Event(consentChoicesEvent));
}

/**
 * Asks once whether we may use analytics (an EU product: nothing is measured before a yes). A compact bar fixed to
 * the bottom of the viewport (under a quarter of a phone screen, so it never covers the page's main action), with
 * Decline exactly as large and as visible as Allow; rendered only in the browser, after hydration. The footer's
 * "Privacy choices" opens it again.
 */
export function ConsentBanner() {
  const [visible, setVisible] = useState(false);
  const [current, setCurrent] = useState<string>();
  const banner = useRef<HTMLElement>(null);
  const [reserved, setReserved] = useState(0);

  useEffect(() => {
    const consent = consentStore();
    setVisible(consent.get() === undefined);
    const reopen = () => {
      setCurrent(consent.get());
      setVisible(true);
    };
    window.addEventListener(consentChoicesEvent, reopen);
    const unsubscribe = consent.subscribe((state) => setVisible(state === undefined));
    return () => {
      window.removeEventListener(consentChoicesEvent, reopen);
      unsubscribe();
    };
  }, []);

  // Reserve the banner's height at the end of the page, so the footer and any button near the bottom can be
  // scrolled clear of it.
  useEffect(() => {
    if (!visible || !banner.current) return;
    const element = banner.current;
    if (typeof ResizeObserver === 'undefined') {
      setReserved(element.offsetHeight + 16);
      return;
    }
    const observer = new ResizeObserver(() => setReserved(element.offsetHeight + 16));
    observer.observe(element);
    return () => observer.disconnect();
  }, [visible]);

  if (!visible) return null;
  const choose = (choice: 'granted' | 'denied') => {
    consentStore().set(choice);
    setVisible(false);
  };
  const choiceButton = {
    flex: '1 1 8rem',
    minHeight: '44px',
    padding: '0.4rem 0.5rem',
    whiteSpace: 'nowrap',
    borderRadius: theme.radius,
    border: `2px solid ${theme.colors.brand}`,
    background: theme.colors.surface,
    color: theme.colors.brand,
    font: 'inherit',
    fontWeight: 700,
    cursor: 'pointer',
    '&:hover': { background: theme.colors.canvas },
    '&:focus-visible': { outline: `3px solid ${theme.colors.focus}`, outlineOffset: 2 },
  } as const;
  return (
    <>
      <div aria-hidden="true" style={{ height: reserved }} />
      <section
        ref={banner}
        aria-label="Cookie consent"
        css={{
          position: 'fixed',
          insetInline: 0,
          bottom: 0,
          zIndex: 20,
          padding: '0.75rem 1rem',
          background: theme.colors.surface,
          color: theme.colors.ink,
          borderTop: `1px solid ${theme.colors.border}`,
          boxShadow: '0 -6px 24px rgba(20, 22, 43, 0.12)',
          '@media (min-width: 48rem)': {
            insetInline: '1rem',
            bottom: '1rem',
            maxWidth: '52rem',
            margin: '0 auto',
            border: `1px solid ${theme.colors.border}`,
            borderRadius: '12px',
          },
        }}
      >
        <div
          css={{
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'center',
            gap: '0.6rem 1rem',
            maxWidth: '52rem',
            margin: '0 auto',
          }}
        >
          <p css={{ margin: 0, flex: '1 1 18rem', fontSize: '0.95rem', lineHeight: 1.4 }}>
            May we count page views to improve the site? Nothing is measured unless you agree.{' '}
            <Link to="/privacy-policy">Privacy policy</Link>
            {current ? ` (now: ${current === 'granted' ? 'allowed' : 'declined'})` : ''}
          </p>
          <div css={{ display: 'flex', gap: '0.6rem', flex: '1 1 16rem' }}>
            <button type="button" css={choiceButton} onClick={() => choose('granted')}>
              Accept analytics
            </button>
            <button type="button" css={choiceButton} onClick={() => choose('denied')}>
              Decline
            </button>
          </div>
        </div>
      </section>
    </>
  );
}
