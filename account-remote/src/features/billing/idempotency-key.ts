/**
 * A fresh key for one confirmed charge (docs/decisions/0039): made when the person confirms, sent with every retry of
 * that confirmation, so a double click or a retried request charges once.
 */
export const newIdempotencyKey = (): string => crypto.randomUUID();
