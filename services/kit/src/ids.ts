// Row ids are uuids. Anything else cannot name a row, so callers answer 404 for it, as for someone else's id.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (value: string | null | undefined): value is string => typeof value === 'string' && UUID.test(value);
