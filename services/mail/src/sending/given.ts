// The web form sends empty strings and null for the optional fields it leaves blank: both mean "not given".
export const given = (value: string | null | undefined) => (value === undefined || value === null || value === '' ? null : value);
