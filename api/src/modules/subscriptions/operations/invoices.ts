import type { AuthenticatedUser } from '../../../http/register-endpoint.js';
import { findCardByGatewayToken } from '../../credit-cards/credit-card-repository.js';
import { findInvoice, findInvoicePayingToken, listInvoices } from '../../payments/invoice-repository.js';
import { renderInvoicePdf } from '../invoice-pdf.js';
import { InvoiceNotFoundError } from '../subscription-errors.js';
import { findBillingDetails } from '../subscription-repository.js';
import type { SubscriptionContext } from './subscription-context.js';

/** The organization's invoices, between two dates if asked. */
export const invoices = (
  { database }: SubscriptionContext,
  user: AuthenticatedUser,
  query: { from?: string | undefined; to?: string | undefined },
) => listInvoices(database, user.organizationId, query);

/** The invoice as a PDF file, addressed to the billing details on file (404 for anyone else's). */
export async function invoicePdf(
  { database }: SubscriptionContext,
  user: AuthenticatedUser,
  invoiceId: string,
) {
  const invoice = await findInvoice(database, user.organizationId, invoiceId);
  if (!invoice) throw new InvoiceNotFoundError();
  const billTo = (await findBillingDetails(database, user.organizationId)) ?? {
    name: '',
    company: null,
    address: '',
    country: '',
    vatNumber: null,
  };
  const payingToken = await findInvoicePayingToken(database, user.organizationId, invoiceId);
  const paidWith = payingToken
    ? await findCardByGatewayToken(database, user.organizationId, payingToken)
    : undefined;
  const pdf = await renderInvoicePdf(invoice, billTo, paidWith);
  return {
    fileName: `dcipher-invoice-${invoice.number}.pdf`,
    contentType: 'application/pdf' as const,
    base64: pdf.toString('base64'),
  };
}
