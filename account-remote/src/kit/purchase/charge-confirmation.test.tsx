import { ApiError } from '@dcipher/shared/client';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { expectNoAxeViolations } from '../../test-support/axe';
import { ChargeConfirmation, useConfirmedPurchase } from '.';

const quote = {
  currency: 'eur' as const,
  lines: [{ label: 'Social media boost', amount: 4500 }],
  net: 4500,
  vatRateBasisPoints: 2500,
  reverseCharge: false,
  vat: 1125,
  total: 5625,
  chargedAt: 'now' as const,
};

/** A buy button and its confirmation, as a screen uses them. */
function Shop({ buy }: { buy: jest.Mock }) {
  const [done, setDone] = useState(false);
  const purchase = useConfirmedPurchase({
    quote: async (_item: string) => quote,
    buy: async (item, key) => buy(item, key),
    onBought: () => setDone(true),
  });
  return (
    <main>
      <button type="button" onClick={() => purchase.open('social')}>
        Buy Social media boost
      </button>
      {done ? <p>Bought</p> : null}
      {purchase.pending ? (
        <ChargeConfirmation
          title="Buy Social media boost"
          what="50,000 more social media posts this period."
          figures={purchase.pending.quote}
          loading={purchase.loading}
          busy={purchase.busy}
          error={purchase.error}
          onConfirm={purchase.confirm}
          onCancel={purchase.cancel}
        />
      ) : null}
    </main>
  );
}

describe('charge confirmation (docs/decisions/0078)', () => {
  it('charges nothing on the first click: it shows net, VAT, the total and when, in a labelled dialog', async () => {
    const buy = jest.fn(async () => ({}));
    const { container } = render(<Shop buy={buy} />);
    const opener = screen.getByRole('button', { name: 'Buy Social media boost' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Buy Social media boost' });
    expect(dialog.contains(document.activeElement)).toBe(true);
    expect((await within(dialog).findByTestId('charge-total')).textContent).toBe('€56.25');
    expect(within(dialog).getByTestId('charge-net').textContent).toBe('€45.00');
    expect(within(dialog).getByText('VAT (25 %)')).toBeTruthy();
    expect(within(dialog).getByTestId('charge-when').textContent).toBe('Charged now to your card');
    expect(buy).not.toHaveBeenCalled();
    await expectNoAxeViolations(container);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(opener);
    expect(buy).not.toHaveBeenCalled();

    fireEvent.click(opener);
    fireEvent.click(await screen.findByRole('button', { name: 'Pay €56.25' }));
    expect(await screen.findByText('Bought')).toBeTruthy();
    expect(buy).toHaveBeenCalledTimes(1);
  });

  it('keeps the dialog open with the decline announced next to the button, and retries with the same key', async () => {
    const buy = jest
      .fn()
      .mockRejectedValueOnce(new ApiError('Your card was declined. Try another card.', 402, 'CARD_DECLINED'))
      .mockResolvedValueOnce({});
    render(<Shop buy={buy} />);
    fireEvent.click(screen.getByRole('button', { name: 'Buy Social media boost' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Pay €56.25' }));
    const dialog = screen.getByRole('dialog');
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Your card was declined. Try another card.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay €56.25' }));
    expect(await screen.findByText('Bought')).toBeTruthy();
    expect(buy.mock.calls[0][1]).toBe(buy.mock.calls[1][1]);
  });
});
