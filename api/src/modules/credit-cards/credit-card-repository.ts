import type {
  BillingDetails,
  BillingDetailsInputSchema,
  CardBrand,
  CreditCard,
  PaymentMethodInputSchema,
} from '@dcipher/shared/contract';
import type * as v from 'valibot';
import type { Database, Queryable } from '../../db/database.js';
import { isUuid } from '../../db/ids.js';
import { lockOrganization } from '../people/organization-repository.js';
import { CardRequiredError } from './credit-card-errors.js';

interface CreditCardRow {
  id: string;
  brand: CardBrand;
  last4: string;
  expiryMonth: number;
  expiryYear: number;
  cardHolder: string;
  isDefault: boolean;
  createdAt: Date | string;
}

const creditCardColumns = `id, brand, last4, expiry_month as "expiryMonth", expiry_year as "expiryYear",
  card_holder as "cardHolder", is_default as "isDefault", created_at as "createdAt"`;

const toCreditCard = (row: CreditCardRow): CreditCard => ({
  id: row.id,
  brand: row.brand,
  last4: row.last4,
  expiryMonth: Number(row.expiryMonth),
  expiryYear: Number(row.expiryYear),
  cardHolder: row.cardHolder,
  isDefault: row.isDefault,
  createdAt: new Date(row.createdAt).toISOString(),
});

/** The organization's cards: the default first, then the newest. */
export async function listCreditCards(database: Queryable, organizationId: string): Promise<CreditCard[]> {
  const rows = await database.query<CreditCardRow>(
    `select ${creditCardColumns} from payment_methods
     where organization_id = $1
     order by is_default desc, created_at desc, id`,
    [organizationId],
  );
  return rows.map(toCreditCard);
}

/** What is kept of a card: the gateway's token and what identifies the card to people, and the billing details. */
export interface NewCreditCard {
  organizationId: string;
  gateway: string;
  token: string;
  brand: CardBrand;
  last4: string;
  expiryMonth: number;
  expiryYear: number;
  billing: Omit<v.InferOutput<typeof PaymentMethodInputSchema>, 'paymentMethod' | 'cardNumber' | 'cvc'>;
}

/**
 * Stores a tokenised card; the organization's first card becomes its default. The organization's row is locked
 * first, so two cards added at once cannot both find the organization without cards.
 */
export function insertCreditCard(database: Database, card: NewCreditCard): Promise<CreditCard> {
  return database.transaction(async (transaction) => {
    await lockOrganization(transaction, card.organizationId);
    const [row] = await transaction.query<CreditCardRow>(
      `insert into payment_methods (organization_id, gateway, gateway_token, brand, last4, expiry_month,
                                    expiry_year, card_holder, company, address, country, vat_number,
                                    billing_type, is_default)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13,
               not exists (select 1 from payment_methods where organization_id = $1))
       returning ${creditCardColumns}`,
      [
        card.organizationId,
        card.gateway,
        card.token,
        card.brand,
        card.last4,
        card.expiryMonth,
        card.expiryYear,
        card.billing.cardHolder,
        card.billing.company ?? null,
        card.billing.address,
        card.billing.country,
        card.billing.vatNumber ?? null,
        card.billing.billingType,
      ],
    );
    if (!row) throw new Error('payment method insert returned no row');
    return toCreditCard(row);
  });
}

/**
 * The gateway's customer of the organization, when one of its cards has one (Stripe cards are kept as
 * `cus_…/pm_…`), so every card of an organization belongs to one Stripe customer.
 */
export async function findGatewayCustomer(
  database: Database,
  organizationId: string,
  gateway: string,
): Promise<string | undefined> {
  const [row] = await database.query<{ token: string }>(
    `select gateway_token as token from payment_methods
     where organization_id = $1 and gateway = $2 and gateway_token like 'cus\\_%/%'
     order by created_at limit 1`,
    [organizationId, gateway],
  );
  return row?.token.split('/')[0];
}

/**
 * Deletes one of the organization's cards; false when it has no such card (another organization's card is no
 * different from one that never existed). When the default goes, the newest remaining card becomes the default.
 */
export function deleteCreditCard(database: Database, organizationId: string, id: string): Promise<boolean> {
  if (!isUuid(id)) return Promise.resolve(false);
  return database.transaction(async (transaction) => {
    await lockOrganization(transaction, organizationId);
    const [deleted] = await transaction.query<{ isDefault: boolean }>(
      `delete from payment_methods where id = $1 and organization_id = $2 returning is_default as "isDefault"`,
      [id, organizationId],
    );
    if (!deleted) return false;
    // A running paid plan keeps a card to renew with (issue 12): the last one cannot go (rolled back).
    const [left] = await transaction.query<{ cards: number; paidPlan: boolean }>(
      `select (select count(*)::integer from payment_methods where organization_id = $1) as cards,
              exists (select 1 from subscriptions where organization_id = $1 and status <> 'expired'
                      and not cancel_at_period_end) as "paidPlan"`,
      [organizationId],
    );
    if (left && left.cards === 0 && left.paidPlan) throw new CardRequiredError();
    if (deleted.isDefault) {
      await transaction.query(
        `update payment_methods set is_default = true
         where id = (select id from payment_methods where organization_id = $1
                     order by created_at desc, id limit 1)`,
        [organizationId],
      );
    }
    return true;
  });
}

/** The organization's billing details: its own when set, otherwise its paying card's; undefined without either. */
export async function findBillingDetails(
  database: Queryable,
  organizationId: string,
): Promise<BillingDetails | undefined> {
  const [own] = await database.query<BillingDetails>(
    `select company, address, country, vat_number as "vatNumber", billing_type as "billingType", 'billing' as source
     from billing_details where organization_id = $1`,
    [organizationId],
  );
  if (own) return own;
  const [card] = await database.query<BillingDetails>(
    `select company, address, country, vat_number as "vatNumber", billing_type as "billingType", 'card' as source
     from payment_methods where organization_id = $1 order by is_default desc, created_at desc limit 1`,
    [organizationId],
  );
  return card;
}

export async function saveBillingDetails(
  database: Queryable,
  organizationId: string,
  details: v.InferOutput<typeof BillingDetailsInputSchema>,
): Promise<BillingDetails> {
  const [saved] = await database.query<BillingDetails>(
    `insert into billing_details (organization_id, company, address, country, vat_number, billing_type)
     values ($1, $2, $3, $4, $5, $6)
     on conflict (organization_id) do update set company = excluded.company, address = excluded.address,
       country = excluded.country, vat_number = excluded.vat_number, billing_type = excluded.billing_type,
       updated_at = now()
     returning company, address, country, vat_number as "vatNumber", billing_type as "billingType", 'billing' as source`,
    [
      organizationId,
      details.company ?? null,
      details.address,
      details.country,
      details.vatNumber ?? null,
      details.billingType,
    ],
  );
  return saved!;
}

export async function deleteBillingDetails(database: Queryable, organizationId: string): Promise<boolean> {
  const deleted = await database.query('delete from billing_details where organization_id = $1 returning 1', [
    organizationId,
  ]);
  return deleted.length > 0;
}

/**
 * Forgets a card the gateway says is gone (a Stripe payment method detached outside the product): it can no
 * longer be charged, so it goes even when it was the last one. The newest remaining card becomes the default.
 */
export async function forgetGatewayCard(
  database: Database,
  gateway: string,
  tokenSuffix: string,
): Promise<boolean> {
  return database.transaction(async (transaction) => {
    const [deleted] = await transaction.query<{ organizationId: string; isDefault: boolean }>(
      `delete from payment_methods where gateway = $1 and right(gateway_token, length($2) + 1) = '/' || $2
       returning organization_id as "organizationId", is_default as "isDefault"`,
      [gateway, tokenSuffix],
    );
    if (!deleted) return false;
    if (deleted.isDefault) {
      await transaction.query(
        `update payment_methods set is_default = true
         where id = (select id from payment_methods where organization_id = $1
                     order by created_at desc, id limit 1)`,
        [deleted.organizationId],
      );
    }
    return true;
  });
}

/** The card's new expiry, brand or last four digits, when the gateway updated them (a reissued card). */
export async function updateGatewayCard(
  database: Queryable,
  gateway: string,
  tokenSuffix: string,
  card: { brand: CardBrand; last4: string; expiryMonth: number; expiryYear: number },
): Promise<boolean> {
  const updated = await database.query(
    `update payment_methods set brand = $3, last4 = $4, expiry_month = $5, expiry_year = $6
     where gateway = $1 and right(gateway_token, length($2) + 1) = '/' || $2 returning 1`,
    [gateway, tokenSuffix, card.brand, card.last4, card.expiryMonth, card.expiryYear],
  );
  return updated.length > 0;
}
