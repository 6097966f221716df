import { theme } from '@dcipher/shared/ui';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';

const focusable =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A modal dialog: labelled by its title, focus moved into it when it opens and kept there (Tab wraps), Escape and
 * a click outside close it, and focus goes back to what opened it when it closes. Rendered only while open.
 */
export function Dialog({
  title,
  onClose,
  role = 'dialog',
  describedBy,
  children,
}: {
  title: string;
  onClose: () => void;
  /** `alertdialog` for a question that needs an answer before going on (a confirmation). */
  role?: 'dialog' | 'alertdialog';
  /** The id of the text that says what the dialog is about, read after its title. */
  describedBy?: string;
  children: ReactNode;
}) {
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  // What had focus when the dialog opened, read as the dialog first renders, before that render is committed: the
  // control that opened it may be disabled by the same commit (the wallet's and add-ons' Buy buttons, while a
  // purchase is pending), and Chromium moves focus off a control as it is disabled, so an effect would find none.
  const [opener] = useState(() =>
    typeof document !== 'undefined' && document.activeElement instanceof HTMLElement
      ? document.activeElement
      : null,
  );

  useEffect(() => {
    const panel = panelRef.current;
    // The first control, else the panel itself: a screen reader reads the title and what follows.
    const first = panel?.querySelector<HTMLElement>('[data-autofocus]') ?? panel;
    first?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        onCloseRef.current();
        return;
      }
      if (event.key !== 'Tab' || !panel) return;
      const items = [...panel.querySelectorAll<HTMLElement>(focusable)];
      if (items.length === 0) {
        event.preventDefault();
        return;
      }
      const firstItem = items[0]!;
      const lastItem = items[items.length - 1]!;
      if (event.shiftKey && (document.activeElement === firstItem || document.activeElement === panel)) {
        event.preventDefault();
        lastItem.focus();
      } else if (!event.shiftKey && document.activeElement === lastItem) {
        event.preventDefault();
        firstItem.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      if (opener?.isConnected) opener.focus();
    };
  }, [opener]);

  return (
    // A click on the backdrop is a mouse user's way out; keyboards have Escape and the dialog's own buttons.
    // biome-ignore lint/a11y/noStaticElementInteractions: the backdrop is not a control
    <div
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      css={{
        position: 'fixed',
        inset: 0,
        zIndex: 1000,
        background: 'rgba(20, 22, 43, 0.55)',
        display: 'grid',
        // At the top, not centred: a dialog that grows (a price arriving, an error shown) grows downward, and what
        // is above stays under the pointer. Centred, it moved up by half the growth, and a click made just then
        // landed on what had been there.
        placeItems: 'start center',
        padding: 'clamp(1rem, 8vh, 4rem) 1rem 1rem',
        overflowY: 'auto',
      }}
    >
      {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: the role is dialog or alertdialog, both modal */}
      <div
        ref={panelRef}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedBy}
        tabIndex={-1}
        css={{
          background: theme.colors.surface,
          color: theme.colors.ink,
          fontFamily: theme.font.family,
          borderRadius: '12px',
          padding: '1.25rem',
          width: '100%',
          maxWidth: '32rem',
          boxSizing: 'border-box',
          boxShadow: '0 20px 50px rgba(20, 22, 43, 0.3)',
          outline: 'none',
          '@media (min-width: 48rem)': { padding: '1.5rem 1.75rem' },
        }}
      >
        <h2 id={titleId} css={{ margin: '0 0 1rem', fontSize: '1.3rem' }}>
          {title}
        </h2>
        {children}
      </div>
    </div>
  );
}
