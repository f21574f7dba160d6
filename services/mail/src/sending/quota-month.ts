// Quota is counted per calendar month in UTC.
export const quotaMonth = (at = new Date()) => at.toISOString().slice(0, 7);
