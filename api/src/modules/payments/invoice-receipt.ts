import type { Invoice } from '@dcipher/shared/contract';
import { formatDate, formatMoney } from '@dcipher/shared/format';
import { pathTo } from '@dcipher/shared/routes';
import { renderEmailLayout } from '../../adapters/mailer/email-layout.js';
import type { EmailMessage } from '../../adapters/mailer/mailer.js';

/**
 * The receipt of one charge (docs/decisions/0078), to each admin: the invoice's number, its lines, VAT and the
 * total charged, and the way to the invoice history where its PDF is. Sent for every paid invoice: a plan, its
 * renewal, credits, an add-on.
 */
export function invoiceReceiptEmail(to: string, webUrl: string, invoice: Invoice): EmailMessage {
  const money = (amount: number) => formatMoney(amount, invoice.currency);
  const total = money(invoice.total);
  const vatLine = invoice.reverseCharge
    ? 'VAT: reverse charge (the customer accounts for VAT)'
    : `VAT (${(invoice.vatRateBasisPoints / 100).toLocaleString('en-GB')} %): ${money(invoice.vat)}`;
  return {
    to,
    subject: `Your Dcipher receipt: invoice ${invoice.number}, ${total}`,
    tag: 'billing-receipt',
    ...renderEmailLayout({
      preheader: `We charged ${total} to your card on ${formatDate(invoice.issuedAt)}: invoice ${invoice.number}.`,
      heading: `Receipt for invoice ${invoice.number}`,
      paragraphs: [
        `We charged ${total} to your card on ${formatDate(invoice.issuedAt)}. Thank you.`,
        ...invoice.lines.map((line) => `${line.description}: ${money(line.amount)}`),
        ...(invoice.discount > 0
          ? [`Discount${invoice.promoCode ? ` (${invoice.promoCode})` : ''}: −${money(invoice.discount)}`]
          : []),
        `Subtotal: ${money(invoice.subtotal - invoice.discount)}`,
        vatLine,
        `Total charged: ${total}`,
      ],
      action: { label: 'Open your invoices', url: `${webUrl}${pathTo('paymentInvoices')}` },
      footer:
        'You received this email because you are an admin of a Dcipher organization that was charged. The ' +
        'invoice as a PDF is in your invoice history.',
    }),
  };
}
