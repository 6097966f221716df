/** PostgreSQL's unique_violation (23505): another transaction wrote the same unique value between a check and a write. */
export const isUniqueViolation = (error: unknown) => (error as { code?: unknown } | null)?.code === '23505';
