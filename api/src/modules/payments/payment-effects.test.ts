// engines: any
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Invoice } from '@dcipher/shared/contract';
import * as v from 'valibot';
import type { Queryable } from '../../db/database.js';
import { createPaymentEffects, UnknownPaymentEffectError } from './payment-effects.js';

const transaction = {} as Queryable;
const invoice = { id: 'invoice-1', number: 'DC-000001' } as Invoice;
const giftSchema = v.object({ kind: v.literal('gift'), units: v.number() });

/** The registry through which modules that sell apply what was paid for (docs/decisions/0110). */
describe('payment effects', () => {
  it('applies a recorded effect through the handler its kind was registered with, checked by its schema', async () => {
    const effects = createPaymentEffects();
    const applied: unknown[] = [];
    effects.register('gift', {
      schema: giftSchema,
      apply: async (_transaction, paid) => {
        applied.push(paid);
      },
    });
    await effects.apply(transaction, { organizationId: 'org', effect: { kind: 'gift', units: 3 }, invoice });
    assert.deepEqual(applied, [{ organizationId: 'org', effect: { kind: 'gift', units: 3 }, invoice }]);
    await assert.rejects(
      effects.apply(transaction, {
        organizationId: 'org',
        effect: { kind: 'gift', units: 'three' },
        invoice,
      }),
      v.ValiError,
    );
    assert.equal(applied.length, 1);
  });

  it('refuses a kind no module registered, before a payment is recorded, and a kind registered twice', () => {
    const effects = createPaymentEffects();
    assert.throws(() => effects.check({ kind: 'gift', units: 1 }), UnknownPaymentEffectError);
    const handler = { schema: giftSchema, apply: async () => {} };
    effects.register('gift', handler);
    effects.check({ kind: 'gift', units: 1 });
    assert.throws(() => effects.check({ kind: 'gift' }), v.ValiError);
    assert.throws(() => effects.register('gift', handler), /registered twice/);
  });
});
