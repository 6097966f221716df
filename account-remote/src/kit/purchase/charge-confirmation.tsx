import type { CurrencyCode } from '@dcipher/shared/domain';
import { formatDate, formatMoney } from '@dcipher/shared/format';
import { Alert, Button, theme } from '@dcipher/shared/ui';
import type { ReactNode } from 'react';
import { Dialog } from '../dialog';

/** One priced line of what is bought (negative for a credit or a discount). */
export interface ChargeLine {
  label: string;
  amount: number;
}

/** What a charge comes to, as the API quoted it (never worked out in the page). */
export interface ChargeFigures {
  currency: CurrencyCode;
  lines: ChargeLine[];
  /** Before VAT, after any discount. */
  net: number;
  vatRateBasisPoints: number;
  reverseCharge: boolean;
  vat: number;
  /** VAT included: what the card is charged. */
  total: number;
  /** ISO 8601 when the card is charged; `now` for at once. */
  chargedAt: 'now' | string;
  /** Says when instead of `chargedAt` (a downgrade: nothing now, the new price at the renewal). */
  when?: string;
}

/** "Charged now" / "Charged on 12 Dec 2026": when the money is taken, in words. */
export function whenCharged(chargedAt: ChargeFigures['chargedAt']): string {
  return chargedAt === 'now'
    ? 'Charged now to your card'
    : `Charged to your card on ${formatDate(chargedAt)}`;
}

/**
 * The confirmation every charge goes through (docs/decisions/0078): a dialog naming what is bought, with the net
 * price, VAT, the VAT-inclusive total in the customer's currency and when it is charged. Nothing is charged until
 * the confirm button is pressed; Escape, Cancel or a click outside close it and give focus back to the button that
 * opened it. While the quote loads (`figures` undefined) it says so; an error (a declined card) is shown and
 * announced inside the dialog, next to the button that caused it.
 */
export function ChargeConfirmation({
  title,
  what,
  figures,
  loading,
  busy,
  error,
  confirmLabel,
  onConfirm,
  onCancel,
  children,
}: {
  title: string;
  /** One sentence: what is bought, and for how long. */
  what: ReactNode;
  figures: ChargeFigures | undefined;
  loading: boolean;
  busy: boolean;
  error: string | undefined;
  /** The confirm button's words; the total is added: "Pay €28.75". */
  confirmLabel?: (total: string) => string;
  onConfirm: () => void;
  onCancel: () => void;
  /** Choices that change the quote (a promo code, when to start), shown above the figures. */
  children?: ReactNode;
}) {
  const money = (amount: number) => (figures ? formatMoney(amount, figures.currency) : '');
  const total = figures ? money(figures.total) : '';
  return (
    <Dialog title={title} onClose={busy ? () => {} : onCancel}>
      <p css={{ marginTop: 0 }}>{what}</p>
      {children}
      {loading || !figures ? (
        <p role="status">Working out the price…</p>
      ) : (
        <>
          <dl
            aria-label="What you pay"
            css={{
              display: 'grid',
              // Labels take the room and wrap; amounts keep their own width.
              gridTemplateColumns: 'minmax(0, 1fr) auto',
              gap: '0.35rem 1rem',
              margin: '0 0 0.75rem',
              '& dt': { overflowWrap: 'break-word', minWidth: 0 },
              '& dd': { margin: 0, textAlign: 'right', whiteSpace: 'nowrap' },
            }}
          >
            {figures.lines.map((line) => (
              <div key={line.label} css={{ display: 'contents' }}>
                <dt>{line.label}</dt>
                <dd>{line.amount < 0 ? `−${money(-line.amount)}` : money(line.amount)}</dd>
              </div>
            ))}
            <dt>Net</dt>
            <dd data-testid="charge-net">{money(figures.net)}</dd>
            <dt>
              {figures.reverseCharge
                ? 'VAT (reverse charge: you account for it)'
                : `VAT (${(figures.vatRateBasisPoints / 100).toLocaleString('en-GB')} %)`}
            </dt>
            <dd data-testid="charge-vat">{money(figures.vat)}</dd>
            <dt
              css={{ fontWeight: 700, borderTop: `1px solid ${theme.colors.border}`, paddingTop: '0.35rem' }}
            >
              Total, VAT included
            </dt>
            <dd
              css={{ fontWeight: 700, borderTop: `1px solid ${theme.colors.border}`, paddingTop: '0.35rem' }}
              data-testid="charge-total"
            >
              {total}
            </dd>
          </dl>
          <p css={{ margin: '0 0 1rem', fontWeight: 600 }}>
            When: <span data-testid="charge-when">{figures.when ?? whenCharged(figures.chargedAt)}</span>
          </p>
        </>
      )}
      {error ? <Alert>{error}</Alert> : null}
      <div css={{ display: 'flex', flexWrap: 'wrap', gap: '0.5rem', marginTop: '0.75rem' }}>
        <Button onClick={onConfirm} disabled={!figures || loading || busy}>
          {busy ? 'Paying…' : figures ? (confirmLabel?.(total) ?? `Pay ${total}`) : 'Pay'}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
      </div>
    </Dialog>
  );
}
