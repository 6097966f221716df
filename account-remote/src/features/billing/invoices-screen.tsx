import { authenticatedApi } from '@dcipher/shared/auth';
import { contract, type Invoice } from '@dcipher/shared/contract';
import { formatDate, formatMoney } from '@dcipher/shared/format';
import { Alert, Button, TextField, theme } from '@dcipher/shared/ui';
import { useEffect, useRef, useState } from 'react';
import { contractQuery, useLoad } from '../../kit/contract-query';
import { LoadState } from '../../kit/load-state';
import { ScreenSection } from '../../kit/screen-section';
import { messageOf } from '../../kit/use-api-load';

/** /payment/invoices, "Invoice history": the organization's invoices, newest first, filtered by date. */
export default function InvoicesScreen() {
  const [filter, setFilter] = useState({ from: '', to: '' });
  const [typed, setTyped] = useState(filter);
  const { result, reload } = useLoad(
    contractQuery(contract.subscriptions.listInvoices, {
      query: { ...(filter.from ? { from: filter.from } : {}), ...(filter.to ? { to: filter.to } : {}) },
    }),
  );
  // A new filter loads again once rendered (the load reads the filter it was rendered with); not on the first render.
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    void reload();
  }, [filter, reload]);
  const apply = (next: typeof filter) => setFilter({ ...next });

  return (
    <ScreenSection title="Invoices">
      <form
        aria-label="Filter invoices by date"
        onSubmit={(event) => {
          event.preventDefault();
          apply(typed);
        }}
        css={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'flex-end',
          gap: '0 0.75rem',
          marginBottom: '1rem',
        }}
      >
        <div css={{ flex: '1 1 9rem' }}>
          <TextField
            label="From"
            type="date"
            name="from"
            value={typed.from}
            onChange={(event) => setTyped({ ...typed, from: event.target.value })}
          />
        </div>
        <div css={{ flex: '1 1 9rem' }}>
          <TextField
            label="To"
            type="date"
            name="to"
            value={typed.to}
            onChange={(event) => setTyped({ ...typed, to: event.target.value })}
          />
        </div>
        <div css={{ display: 'flex', gap: '0.5rem', marginBottom: '1rem' }}>
          <Button type="submit" variant="secondary">
            Show
          </Button>
          {filter.from || filter.to ? (
            <Button
              variant="secondary"
              onClick={() => {
                setTyped({ from: '', to: '' });
                apply({ from: '', to: '' });
              }}
            >
              All dates
            </Button>
          ) : null}
        </div>
      </form>
      <LoadState load={result} loadingText="Loading your invoices…" onRetry={() => void reload()}>
        {(invoices: Invoice[]) =>
          invoices.length === 0 ? (
            <p css={{ margin: 0, color: theme.colors.muted }}>
              {filter.from || filter.to
                ? 'No invoices in these dates.'
                : 'No invoices yet: they appear here once a plan is paid.'}
            </p>
          ) : (
            <ul aria-label="Invoices" css={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {invoices.map((invoice) => (
                <li
                  key={invoice.id}
                  css={{ padding: '0.75rem 0', borderTop: `1px solid ${theme.colors.border}` }}
                >
                  <div
                    css={{
                      display: 'flex',
                      flexWrap: 'wrap',
                      justifyContent: 'space-between',
                      gap: '0.25rem 1rem',
                    }}
                  >
                    <strong>{invoice.number}</strong>
                    <strong>{formatMoney(invoice.total, invoice.currency)}</strong>
                  </div>
                  <DownloadButton invoice={invoice} />
                  <div css={{ color: theme.colors.muted }}>
                    Issued <time dateTime={invoice.issuedAt}>{formatDate(invoice.issuedAt)}</time> ·{' '}
                    {invoice.status === 'paid' ? 'Paid' : 'Open'} ·{' '}
                    {invoice.reverseCharge
                      ? 'VAT reverse charged'
                      : `VAT ${formatMoney(invoice.vat, invoice.currency)}`}
                  </div>
                  <ul css={{ margin: '0.25rem 0 0', paddingLeft: '1.25rem' }}>
                    {invoice.lines.map((line) => (
                      <li key={line.description}>
                        {line.description}: {line.amount < 0 ? '−' : ''}
                        {formatMoney(Math.abs(line.amount), invoice.currency)}
                      </li>
                    ))}
                    {invoice.discount > 0 ? (
                      <li>
                        Promo code {invoice.promoCode}: −{formatMoney(invoice.discount, invoice.currency)}
                      </li>
                    ) : null}
                  </ul>
                </li>
              ))}
            </ul>
          )
        }
      </LoadState>
    </ScreenSection>
  );
}

/** Saves the invoice's PDF: fetched with the session like every call, then handed to the browser as a file. */
function DownloadButton({ invoice }: { invoice: Invoice }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  async function download() {
    setBusy(true);
    setError(undefined);
    try {
      const file = await authenticatedApi().call(contract.subscriptions.downloadInvoice, {
        params: { invoiceId: invoice.id },
      });
      const bytes = Uint8Array.from(atob(file.base64), (character) => character.charCodeAt(0));
      const url = URL.createObjectURL(new Blob([bytes], { type: file.contentType }));
      const link = document.createElement('a');
      link.href = url;
      link.download = file.fileName;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setBusy(false);
    }
  }
  return (
    <div css={{ margin: '0.25rem 0' }}>
      <Button
        variant="secondary"
        disabled={busy}
        onClick={() => void download()}
        aria-label={`Download PDF of invoice ${invoice.number}`}
      >
        {busy ? 'Preparing…' : 'Download PDF'}
      </Button>
      {error ? <Alert>{error}</Alert> : null}
    </div>
  );
}
