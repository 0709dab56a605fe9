/** A timestamp as the API answers it: ISO 8601, or null. */
export const iso = (d: Date | null) => d?.toISOString() ?? null;
