import { theme } from '@dcipher/shared/ui';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';

export interface RowMenuItem {
  label: string;
  /** Why it cannot be chosen now; shown under its label, and the item is disabled (still reachable by keys). */
  disabledReason?: string | undefined;
  danger?: boolean;
  onSelect: () => void;
}

/**
 * A row's actions behind one button, as the WAI-ARIA menu button pattern has it (issue 25): the button says it opens
 * a menu; Enter, Space or ↓ open it on the first item, ↑ on the last; ↑ ↓ Home End move, Escape closes it and gives
 * focus back to the button, Tab and a click outside close it. A disabled item stays reachable so its reason is read.
 */
export function RowMenu({
  label,
  items,
  disabled = false,
}: {
  /** The button's accessible name, naming the row ("Actions for Grace Hopper"). */
  label: string;
  items: readonly RowMenuItem[];
  disabled?: boolean;
}) {
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState<{ focus: 'first' | 'last' }>();
  const [active, setActive] = useState(0);

  const itemElements = () => [...(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];

  useEffect(() => {
    if (!open) return;
    const index = open.focus === 'first' ? 0 : items.length - 1;
    setActive(index);
    itemElements()[index]?.focus();
    const onPointerDown = (event: MouseEvent) => {
      const target = event.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(undefined);
    };
    document.addEventListener('mousedown', onPointerDown);
    return () => document.removeEventListener('mousedown', onPointerDown);
  }, [open, items.length]);

  const close = () => {
    setOpen(undefined);
    buttonRef.current?.focus();
  };

  const move = (index: number) => {
    const count = items.length;
    const next = ((index % count) + count) % count;
    setActive(next);
    itemElements()[next]?.focus();
  };

  const choose = (item: RowMenuItem) => {
    if (item.disabledReason) return;
    // Focus goes back to the button first, so a dialog the item opens returns focus there when it closes.
    close();
    item.onSelect();
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const keys: Record<string, () => void> = {
      ArrowDown: () => move(active + 1),
      ArrowUp: () => move(active - 1),
      Home: () => move(0),
      End: () => move(items.length - 1),
      Escape: close,
      Enter: () => items[active] && choose(items[active]),
      ' ': () => items[active] && choose(items[active]),
    };
    const action = keys[event.key];
    if (action) {
      event.preventDefault();
      event.stopPropagation();
      action();
    } else if (event.key === 'Tab') {
      setOpen(undefined);
    }
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      setOpen({ focus: 'first' });
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen({ focus: 'last' });
    }
  };

  return (
    <div css={{ position: 'relative', display: 'inline-block' }}>
      <button
        ref={buttonRef}
        type="button"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open ? true : undefined}
        aria-controls={open ? menuId : undefined}
        disabled={disabled}
        onClick={() => (open ? setOpen(undefined) : setOpen({ focus: 'first' }))}
        onKeyDown={onButtonKeyDown}
        css={{
          font: 'inherit',
          display: 'inline-flex',
          alignItems: 'center',
          gap: '0.35rem',
          minHeight: '2.5rem',
          padding: '0.35rem 0.75rem',
          borderRadius: theme.radius,
          border: `1px solid ${theme.colors.border}`,
          background: theme.colors.surface,
          color: theme.colors.ink,
          cursor: 'pointer',
          '&:disabled': { opacity: 0.6, cursor: 'not-allowed' },
          '&:focus-visible': { outline: `3px solid ${theme.colors.focus}`, outlineOffset: 2 },
        }}
      >
        Actions
        <span aria-hidden="true">▾</span>
      </button>
      {open ? (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label={label}
          onKeyDown={onMenuKeyDown}
          css={{
            position: 'absolute',
            right: 0,
            top: 'calc(100% + 0.25rem)',
            zIndex: 20,
            minWidth: '15rem',
            maxWidth: 'min(20rem, calc(100vw - 2rem))',
            margin: 0,
            padding: '0.35rem 0',
            textAlign: 'left',
            background: theme.colors.surface,
            border: `1px solid ${theme.colors.border}`,
            borderRadius: theme.radius,
            boxShadow: '0 8px 24px rgba(20, 22, 43, 0.18)',
            // On a phone the button sits at the card's left edge: the menu opens to its right.
            '@media (max-width: 47.99rem)': { right: 'auto', left: 0 },
          }}
        >
          {items.map((item, index) => (
            <div
              key={item.label}
              role="menuitem"
              tabIndex={index === active ? 0 : -1}
              aria-disabled={item.disabledReason ? true : undefined}
              onClick={() => choose(item)}
              onKeyDown={() => undefined}
              onMouseEnter={() => setActive(index)}
              css={{
                padding: '0.55rem 0.9rem',
                cursor: item.disabledReason ? 'not-allowed' : 'pointer',
                color: item.disabledReason
                  ? theme.colors.muted
                  : item.danger
                    ? theme.colors.danger
                    : theme.colors.ink,
                '&:focus, &:hover': { background: theme.colors.canvas, outline: 'none' },
                '&:focus-visible': { boxShadow: `inset 0 0 0 3px ${theme.colors.focus}` },
              }}
            >
              <span css={{ display: 'block', fontWeight: 600 }}>{item.label}</span>
              {item.disabledReason ? (
                <span css={{ display: 'block', fontSize: '0.85rem' }}>{item.disabledReason}</span>
              ) : null}
            </div>
          ))}
        </div>
      ) : null}
    </div>
  );
}
