const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether a value can be a row id (a UUID). Checked before a lookup by an id from outside: PostgreSQL answers a
 * malformed uuid with an error, and a caller's bad id is "not found", like another organization's.
 */
export const isUuid = (value: string) => uuidPattern.test(value);
