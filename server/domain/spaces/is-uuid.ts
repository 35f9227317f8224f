const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids in paths are checked before they reach a uuid column, where a malformed one would be a database error. */
export const isUuid = (value: string): boolean => UUID_PATTERN.test(value);
