import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useLayoutEffect, useRef, useState } from 'react';
import { expectNoAxeViolations } from '../test-support/axe';
import { ConfirmationDialog } from './confirmation-dialog';
import { EmailText } from './email-text';
import { CardLoad, LoadState } from './load-state';
import type { ApiLoad } from './use-api-load';

function Confirming({
  onConfirm = () => {},
  busy = false,
  error,
  disablesOpener = false,
}: {
  onConfirm?: () => void;
  busy?: boolean;
  error?: string;
  /** The opener is disabled while the dialog is open, as the wallet's Buy buttons are. */
  disablesOpener?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const openerRef = useRef<HTMLButtonElement>(null);
  // The opener disabled as the dialog opens, the way Chromium does it: focus leaves a control as it is disabled
  // (jsdom keeps it there, and ignores blur() on a disabled control, hence blurred, then disabled).
  useLayoutEffect(() => {
    const opener = openerRef.current;
    if (!opener || !disablesOpener) return;
    if (open) opener.blur();
    opener.disabled = open;
  }, [open, disablesOpener]);
  return (
    <>
      <button type="button" ref={openerRef} onClick={() => setOpen(true)}>
        Remove Ada
      </button>
      {open ? (
        <ConfirmationDialog
          title="Remove Ada?"
          confirmLabel="Remove"
          busyLabel="Removing…"
          tone="danger"
          busy={busy}
          error={error}
          onConfirm={onConfirm}
          onCancel={() => setOpen(false)}
        >
          <p>Ada loses access at once.</p>
        </ConfirmationDialog>
      ) : null}
      <a href="#after">After</a>
    </>
  );
}

function open() {
  const opener = screen.getByRole('button', { name: 'Remove Ada' });
  opener.focus(); // a click focuses the button in a browser
  fireEvent.click(opener);
  return { opener, dialog: screen.getByRole('alertdialog', { name: 'Remove Ada?' }) };
}

describe('ConfirmationDialog', () => {
  afterEach(cleanup);

  it('is labelled by its question, described by what happens, and moves focus to Cancel', async () => {
    render(<Confirming />);
    const { dialog } = open();
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    const description = document.getElementById(dialog.getAttribute('aria-describedby') ?? '');
    expect(description?.textContent).toBe('Ada loses access at once.');
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    await expectNoAxeViolations(dialog);
  });

  it('closes on Escape and gives focus back to what opened it', () => {
    render(<Confirming />);
    const { opener } = open();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('gives focus back to its opener when the opener was disabled while it was open (the Buy buttons)', () => {
    render(<Confirming disablesOpener />);
    const { opener } = open();
    expect((opener as HTMLButtonElement).disabled).toBe(true);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('keeps Tab inside the dialog', () => {
    render(<Confirming />);
    const { dialog } = open();
    const cancel = within(dialog).getByRole('button', { name: 'Cancel' });
    const remove = within(dialog).getByRole('button', { name: 'Remove' });
    cancel.focus();
    fireEvent.keyDown(document, { key: 'Tab' });
    expect(document.activeElement).toBe(remove);
    fireEvent.keyDown(document, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(cancel);
  });

  it('confirms, shows its busy label while waiting, and shows a failure inside the dialog', () => {
    const onConfirm = jest.fn();
    const { rerender } = render(<Confirming onConfirm={onConfirm} />);
    const { dialog } = open();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    rerender(<Confirming onConfirm={onConfirm} busy />);
    expect((within(dialog).getByRole('button', { name: 'Removing…' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    // Escape does not walk away from a change under way.
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.getByRole('alertdialog')).toBeTruthy();
    rerender(<Confirming onConfirm={onConfirm} error="Server error" />);
    expect(within(dialog).getByRole('alert').textContent).toBe('Server error');
  });
});

describe('load states', () => {
  afterEach(cleanup);
  const data = (load: ApiLoad<string>, onRetry = jest.fn()) => (
    <>
      <LoadState load={load} loadingText="Loading the list…" onRetry={onRetry}>
        {(text) => <p>{text}</p>}
      </LoadState>
      <CardLoad load={load} loadingText="Loading the card…" onRetry={onRetry} lines={3}>
        {(text) => <p>card: {text}</p>}
      </CardLoad>
    </>
  );

  it('says what is loading; a card shows grey lines in the shape of what comes, announced by its text', () => {
    render(data({ state: 'loading' }));
    const [list, card] = screen.getAllByRole('status');
    expect(list?.textContent).toBe('Loading the list…');
    expect(card?.textContent).toBe('Loading the card…');
    expect(within(card!).getAllByTestId('skeleton-line')).toHaveLength(3);
  });

  it('shows a failure with its message and a retry', () => {
    const onRetry = jest.fn();
    render(data({ state: 'failed', message: 'Server error' }, onRetry));
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      'Server error',
      'Server error',
    ]);
    fireEvent.click(screen.getAllByRole('button', { name: 'Try again' })[1]!);
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('renders the data once loaded', () => {
    render(data({ state: 'loaded', data: 'three invoices' }));
    expect(screen.getByText('three invoices')).toBeTruthy();
    expect(screen.getByText('card: three invoices')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });
});

describe('EmailText', () => {
  afterEach(cleanup);

  it('reads as the address and may wrap only after the @ and before a dot', () => {
    const { container } = render(<EmailText email="olive.overview.42@example.com" />);
    expect(container.textContent).toBe('olive.overview.42@example.com');
    const breaks = [...container.querySelectorAll('wbr')].map((wbr) => wbr.nextSibling?.textContent);
    expect(breaks).toEqual(['.overview', '.42', '@', 'example', '.com']);
  });
});
