import type {
  BillingDetails,
  BillingDetailsInputSchema,
  CardBrand,
  CreditCard,
  PaymentMethodInputSchema,
} from '@dcipher/shared/contract';
import { customerTypes } from '@dcipher/shared/domain';
import { type Selectable, sql } from 'kysely';
import * as v from 'valibot';
import type { Database, Queryable } from '../../db/database.js';
import { isUuid } from '../../db/ids.js';
import { db } from '../../db/kysely.js';
import type { DB } from '../../db/schema.generated.js';
import { lockOrganization } from '../people/organization-repository.js';
import { CardRequiredError } from './credit-card-errors.js';

const creditCardColumns = [
  'id',
  'brand',
  'last4',
  'expiryMonth',
  'expiryYear',
  'cardHolder',
  'isDefault',
  'createdAt',
] as const satisfies readonly (keyof CreditCard)[];

type CreditCardRow = Pick<Selectable<DB['paymentMethods']>, (typeof creditCardColumns)[number]>;

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
  const rows = await db(database)
    .selectFrom('paymentMethods')
    .select(creditCardColumns)
    .where('organizationId', '=', organizationId)
    .orderBy('isDefault', 'desc')
    .orderBy('createdAt', 'desc')
    .orderBy('id')
    .execute();
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
    const row = await db(transaction)
      .insertInto('paymentMethods')
      .values((eb) => ({
        organizationId: card.organizationId,
        gateway: card.gateway,
        gatewayToken: card.token,
        brand: card.brand,
        last4: card.last4,
        expiryMonth: card.expiryMonth,
        expiryYear: card.expiryYear,
        cardHolder: card.billing.cardHolder,
        company: card.billing.company ?? null,
        address: card.billing.address,
        country: card.billing.country,
        vatNumber: card.billing.vatNumber ?? null,
        billingType: card.billing.billingType,
        // The first card of the organization (its row is locked: no other card is being added).
        isDefault: sql<boolean>`not ${eb.exists(
          eb
            .selectFrom('paymentMethods')
            .select(eb.lit(1).as('one'))
            .where('organizationId', '=', card.organizationId),
        )}`,
      }))
      .returning(creditCardColumns)
      .executeTakeFirst();
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
  const row = await db(database)
    .selectFrom('paymentMethods')
    .select('gatewayToken')
    .where('organizationId', '=', organizationId)
    .where('gateway', '=', gateway)
    .where('gatewayToken', 'like', 'cus\\_%/%')
    .orderBy('createdAt')
    .limit(1)
    .executeTakeFirst();
  return row?.gatewayToken.split('/')[0];
}

/** The newest of the organization's cards becomes its default (the default went). */
async function makeNewestCardDefault(transaction: Queryable, organizationId: string): Promise<void> {
  await db(transaction)
    .updateTable('paymentMethods')
    .set({ isDefault: true })
    .where('id', '=', (eb) =>
      eb
        .selectFrom('paymentMethods')
        .select('id')
        .where('organizationId', '=', organizationId)
        .orderBy('createdAt', 'desc')
        .orderBy('id')
        .limit(1),
    )
    .execute();
}

/**
 * Deletes one of the organization's cards; false when it has no such card (another organization's card is no
 * different from one that never existed). When the default goes, the newest remaining card becomes the default.
 */
export function deleteCreditCard(database: Database, organizationId: string, id: string): Promise<boolean> {
  if (!isUuid(id)) return Promise.resolve(false);
  return database.transaction(async (transaction) => {
    await lockOrganization(transaction, organizationId);
    const deleted = await db(transaction)
      .deleteFrom('paymentMethods')
      .where('id', '=', id)
      .where('organizationId', '=', organizationId)
      .returning('isDefault')
      .executeTakeFirst();
    if (!deleted) return false;
    // A running paid plan keeps a card to renew with (issue 12): the last one cannot go (rolled back).
    const left = await db(transaction)
      .selectNoFrom((eb) => [
        eb
          .selectFrom('paymentMethods')
          .select((inner) => inner.cast<number>(inner.fn.countAll(), 'integer').as('cards'))
          .where('organizationId', '=', organizationId)
          .as('cards'),
        eb
          .exists(
            eb
              .selectFrom('subscriptions')
              .select(eb.lit(1).as('one'))
              .where('organizationId', '=', organizationId)
              .where('status', '<>', 'expired')
              .where('cancelAtPeriodEnd', '=', false),
          )
          .as('paidPlan'),
      ])
      .executeTakeFirst();
    if (left && left.cards === 0 && left.paidPlan) throw new CardRequiredError();
    if (deleted.isDefault) await makeNewestCardDefault(transaction, organizationId);
    return true;
  });
}

const billingDetailsColumns = ['company', 'address', 'country', 'vatNumber', 'billingType'] as const;
const billingTypeOf = v.parser(v.picklist(customerTypes));

type DetailsColumns = Record<(typeof billingDetailsColumns)[number], string | null>;

/** The paying card's billing details (the default card, else the newest). */
function payingCardDetails(database: Queryable, organizationId: string) {
  return db(database)
    .selectFrom('paymentMethods')
    .select(billingDetailsColumns)
    .where('organizationId', '=', organizationId)
    .orderBy('isDefault', 'desc')
    .orderBy('createdAt', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The organization's own details as answered, with whether the paying card's would change anything (issue 36). */
async function ownDetails(
  database: Queryable,
  organizationId: string,
  own: DetailsColumns,
): Promise<BillingDetails> {
  const card: DetailsColumns | undefined = await payingCardDetails(database, organizationId);
  return {
    company: own.company,
    address: own.address ?? '',
    country: own.country ?? '',
    vatNumber: own.vatNumber,
    billingType: billingTypeOf(own.billingType),
    source: 'billing',
    cardDetailsDiffer:
      card !== undefined && billingDetailsColumns.some((column) => card[column] !== own[column]),
  };
}

/** The organization's billing details: its own when set, otherwise its paying card's; undefined without either. */
export async function findBillingDetails(
  database: Queryable,
  organizationId: string,
): Promise<BillingDetails | undefined> {
  const own = await db(database)
    .selectFrom('billingDetails')
    .select(billingDetailsColumns)
    .where('organizationId', '=', organizationId)
    .executeTakeFirst();
  if (own) return ownDetails(database, organizationId, own);
  const card = await payingCardDetails(database, organizationId);
  return (
    card && {
      ...card,
      billingType: billingTypeOf(card.billingType),
      source: 'card',
      cardDetailsDiffer: false,
    }
  );
}

export async function saveBillingDetails(
  database: Queryable,
  organizationId: string,
  details: v.InferOutput<typeof BillingDetailsInputSchema>,
): Promise<BillingDetails> {
  const saved = await db(database)
    .insertInto('billingDetails')
    .values({
      organizationId,
      company: details.company ?? null,
      address: details.address,
      country: details.country,
      vatNumber: details.vatNumber ?? null,
      billingType: details.billingType,
    })
    .onConflict((conflict) =>
      conflict.column('organizationId').doUpdateSet((eb) => ({
        company: eb.ref('excluded.company'),
        address: eb.ref('excluded.address'),
        country: eb.ref('excluded.country'),
        vatNumber: eb.ref('excluded.vatNumber'),
        billingType: eb.ref('excluded.billingType'),
        updatedAt: sql<Date>`now()`,
      })),
    )
    .returning(billingDetailsColumns)
    .executeTakeFirstOrThrow();
  return ownDetails(database, organizationId, saved);
}

export async function deleteBillingDetails(database: Queryable, organizationId: string): Promise<boolean> {
  const deleted = await db(database)
    .deleteFrom('billingDetails')
    .where('organizationId', '=', organizationId)
    .returning('organizationId')
    .execute();
  return deleted.length > 0;
}

/** The cards whose gateway token ends with `/<suffix>` (Stripe's `cus_…/pm_…`, by the payment method's id). */
const tokenEndsWith = (suffix: string) =>
  sql<boolean>`right(${sql.ref('gatewayToken')}, length(${suffix}::text) + 1) = '/' || ${suffix}::text`;

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
    const deleted = await db(transaction)
      .deleteFrom('paymentMethods')
      .where('gateway', '=', gateway)
      .where(tokenEndsWith(tokenSuffix))
      .returning(['organizationId', 'isDefault'])
      .executeTakeFirst();
    if (!deleted) return false;
    if (deleted.isDefault) await makeNewestCardDefault(transaction, deleted.organizationId);
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
  const updated = await db(database)
    .updateTable('paymentMethods')
    .set({ brand: card.brand, last4: card.last4, expiryMonth: card.expiryMonth, expiryYear: card.expiryYear })
    .where('gateway', '=', gateway)
    .where(tokenEndsWith(tokenSuffix))
    .returning('id')
    .execute();
  return updated.length > 0;
}

/** The brand and last four digits of one of the organization's cards, by its gateway token, while it is on file. */
export async function findCardByGatewayToken(
  database: Queryable,
  organizationId: string,
  gatewayToken: string,
): Promise<{ brand: CardBrand; last4: string } | undefined> {
  return db(database)
    .selectFrom('paymentMethods')
    .select(['brand', 'last4'])
    .where('organizationId', '=', organizationId)
    .where('gatewayToken', '=', gatewayToken)
    .executeTakeFirst();
}
