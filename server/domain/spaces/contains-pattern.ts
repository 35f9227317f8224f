/** An ILIKE pattern matching `text` anywhere, with LIKE's own wildcards (and the escape) taken literally. */
export const containsPattern = (text: string): string => `%${text.replace(/[\\%_]/g, '\\$&')}%`;
