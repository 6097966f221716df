import { Button, theme } from '@dcipher/shared/ui';
import { Link } from 'gatsby';
import { useEffect, useRef, useState } from 'react';
import { consentStore } from './consent';

/**
 * Asks once whether we may use analytics (an EU product: nothing is measured before a yes). Fixed to the bottom of
 * the viewport so it never shifts the page; rendered only in the browser, after hydration.
 */
export function ConsentBanner() {
  const [visible, setVisible] = useState(false);
  const banner = useRef<HTMLElement>(null);
  const [reserved, setReserved] = useState(0);

  useEffect(() => {
    const consent = consentStore();
    setVisible(consent.get() === undefined);
    return consent.subscribe((state) => setVisible(state === undefined));
  }, []);

  // Reserve the banner's height at the end of the page, so the footer and any button near the bottom can be
  // scrolled clear of it.
  useEffect(() => {
    if (!visible || !banner.current) return;
    const element = banner.current;
    if (typeof ResizeObserver === 'undefined') {
      setReserved(element.offsetHeight + 32);
      return;
    }
    const observer = new ResizeObserver(() => setReserved(element.offsetHeight + 32));
    observer.observe(element);
    return () => observer.disconnect();
  }, [visible]);

  if (!visible) return null;
  const choose = (choice: 'granted' | 'denied') => consentStore().set(choice);
  return (
    <>
      <div aria-hidden="true" style={{ height: reserved }} />
      <section
        ref={banner}
        aria-label="Cookie consent"
        css={{
          position: 'fixed',
          insetInline: '1rem',
          bottom: '1rem',
          zIndex: 20,
          maxWidth: '44rem',
          margin: '0 auto',
          padding: '1.25rem 1.5rem',
          background: theme.colors.surface,
          color: theme.colors.ink,
          border: `1px solid ${theme.colors.border}`,
          borderRadius: '12px',
          boxShadow: '0 12px 32px rgba(20, 22, 43, 0.18)',
        }}
      >
        <h2 css={{ fontSize: '1.05rem', margin: '0 0 0.5rem' }}>May we measure how the site is used?</h2>
        <p css={{ margin: '0 0 1rem', color: theme.colors.muted }}>
          With your permission we count page views and how far pages are read, to improve them. Nothing is
          measured unless you agree. Read our <Link to="/privacy-policy">privacy policy</Link>.
        </p>
        <div css={{ display: 'flex', flexWrap: 'wrap', gap: '0.75rem' }}>
          <Button onClick={() => choose('granted')}>Accept analytics</Button>
          <Button variant="secondary" onClick={() => choose('denied')}>
            Decline
          </Button>
        </div>
      </section>
    </>
  );
}
