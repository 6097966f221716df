import { useRef, useState } from 'react';
import { messageOf } from '../use-api-load';

/** A fresh key for one confirmed charge: a double click or a retried confirmation charges once. */
const newKey = (): string => crypto.randomUUID();

interface Pending<TItem, TQuote> {
  item: TItem;
  quote: TQuote | undefined;
  /** Made when the quote is shown, sent with every try of this confirmation. */
  key: string;
}

/**
 * A one-off purchase in two steps (docs/decisions/0078): `open` asks the API's quote and shows it (nothing charged);
 * `confirm` buys with the key made for that quote. A failure (a declined card) stays in the open dialog.
 */
export function useConfirmedPurchase<TItem, TQuote, TResult>({
  quote,
  buy,
  onBought,
}: {
  quote: (item: TItem) => Promise<TQuote>;
  buy: (item: TItem, idempotencyKey: string) => Promise<TResult>;
  onBought: (result: TResult, item: TItem) => Promise<void> | void;
}) {
  const [pending, setPending] = useState<Pending<TItem, TQuote>>();
  const [loading, setLoading] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const opened = useRef(0);

  async function open(item: TItem) {
    const ticket = ++opened.current;
    setPending({ item, quote: undefined, key: newKey() });
    setError(undefined);
    setLoading(true);
    try {
      const answer = await quote(item);
      if (ticket === opened.current) setPending({ item, quote: answer, key: newKey() });
    } catch (failure) {
      if (ticket === opened.current) setError(messageOf(failure));
    } finally {
      if (ticket === opened.current) setLoading(false);
    }
  }

  async function confirm() {
    if (!pending?.quote) return;
    setBusy(true);
    setError(undefined);
    try {
      const result = await buy(pending.item, pending.key);
      setPending(undefined);
      await onBought(result, pending.item);
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setBusy(false);
    }
  }

  return {
    pending,
    loading,
    busy,
    error,
    open: (item: TItem) => void open(item),
    confirm: () => void confirm(),
    cancel: () => {
      opened.current += 1;
      setPending(undefined);
      setError(undefined);
      setLoading(false);
    },
  };
}
