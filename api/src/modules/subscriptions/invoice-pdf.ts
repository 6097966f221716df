import { type CardBrand, cardBrandNames, type Invoice } from '@dcipher/shared/contract';
import { companyContacts, companyLegal } from '@dcipher/shared/domain';
import { formatDate, formatMoney } from '@dcipher/shared/format';
import PDFDocument from 'pdfkit';

/** Who the invoice is addressed to: the billing details of the card that paid it. */
export interface BillTo {
  name: string;
  company: string | null;
  address: string;
  country: string;
  vatNumber: string | null;
}

const colors = { ink: '#14162b', muted: '#4a4f6a', brand: '#3b3fd8', border: '#c9cbe0' };

/**
 * The invoice as a one-page A4 PDF (PDFKit, its built-in Helvetica: nothing to download or embed). Every figure is
 * the stored invoice's, formatted as the screens format it.
 */
export function renderInvoicePdf(
  invoice: Invoice,
  billTo: BillTo,
  paidWith?: { brand: CardBrand; last4: string },
): Promise<Buffer> {
  const document = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: { Title: `Invoice ${invoice.number}`, Author: companyLegal.name },
  });
  const chunks: Buffer[] = [];
  document.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    document.on('end', () => resolve(Buffer.concat(chunks)));
    document.on('error', reject);
  });
  const money = (amount: number) =>
    `${amount < 0 ? '-' : ''}${formatMoney(Math.abs(amount), invoice.currency)}`;
  const left = 56;
  const right = document.page.width - 56;
  const width = right - left;

  document.fillColor(colors.brand).font('Helvetica-Bold').fontSize(22).text('Dcipher', left, 56);
  document
    .fillColor(colors.ink)
    .fontSize(16)
    .text(`Invoice ${invoice.number}`, left, 56, { width, align: 'right' });
  document.moveDown(1.5);

  const top = document.y;
  document.font('Helvetica-Bold').fontSize(9).fillColor(colors.muted).text('FROM', left, top);
  document.font('Helvetica').fontSize(10).fillColor(colors.ink);
  document.text([companyLegal.name, ...companyLegal.address, `VAT ${companyLegal.vatNumber}`].join('\n'));
  const fromBottom = document.y;
  document
    .font('Helvetica-Bold')
    .fontSize(9)
    .fillColor(colors.muted)
    .text('BILL TO', left + width / 2, top);
  document.font('Helvetica').fontSize(10).fillColor(colors.ink);
  document.text(
    [
      billTo.company,
      billTo.name,
      billTo.address,
      billTo.country,
      billTo.vatNumber ? `VAT ${billTo.vatNumber}` : null,
    ]
      .filter(Boolean)
      .join('\n'),
    left + width / 2,
    document.y,
    { width: width / 2 },
  );
  document.y = Math.max(fromBottom, document.y) + 16;

  // A one-off purchase (credits, an add-on) has no period: its start and end are the day it was bought.
  const period =
    formatDate(invoice.periodStart) === formatDate(invoice.periodEnd)
      ? []
      : [
          ['Period', `${formatDate(invoice.periodStart)} to ${formatDate(invoice.periodEnd)}`] as [
            string,
            string,
          ],
        ];
  const brandName = paidWith && cardBrandNames[paidWith.brand];
  const facts: [string, string][] = [
    ['Issued', formatDate(invoice.issuedAt)],
    ...period,
    [
      'Status',
      invoice.status === 'paid'
        ? paidWith
          ? `Paid with ${brandName} ending in ${paidWith.last4}`
          : 'Paid'
        : 'Open',
    ],
  ];
  for (const [label, value] of facts) {
    const y = document.y;
    document.font('Helvetica-Bold').text(label, left, y, { width: 90 });
    document.font('Helvetica').text(value, left + 90, y);
  }
  document.moveDown();

  const row = (label: string, amount: string, { bold = false } = {}) => {
    const y = document.y;
    document
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(10)
      .fillColor(colors.ink);
    document.text(label, left, y, { width: width - 110 });
    const after = document.y;
    document.text(amount, right - 110, y, { width: 110, align: 'right' });
    document.y = Math.max(after, document.y) + 4;
  };
  const rule = () => {
    document.moveTo(left, document.y).lineTo(right, document.y).strokeColor(colors.border).stroke();
    document.y += 6;
  };
  rule();
  row('Description', 'Amount', { bold: true });
  rule();
  for (const line of invoice.lines) row(line.description, money(line.amount));
  rule();
  row('Subtotal', money(invoice.subtotal));
  if (invoice.discount > 0) row(`Promo code ${invoice.promoCode ?? ''}`.trim(), money(-invoice.discount));
  row(
    invoice.reverseCharge
      ? 'VAT: reverse charge (VAT to be accounted for by the recipient)'
      : `VAT ${invoice.vatRateBasisPoints / 100} %`,
    money(invoice.vat),
  );
  rule();
  row(
    `Total (${invoice.currency === 'gpb' ? 'GBP' : invoice.currency.toUpperCase()})`,
    money(invoice.total),
    {
      bold: true,
    },
  );
  document.moveDown(2);
  document.font('Helvetica').fontSize(9).fillColor(colors.muted);
  document.text(
    `Amounts are rounded half up to the nearest cent. Questions about this invoice: ${companyContacts.supportEmail}.`,
    left,
    document.y,
    { width },
  );
  document.end();
  return done;
}
