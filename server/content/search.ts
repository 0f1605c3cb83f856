/** Searching snippets and history: case-insensitive, and what the user typed is taken literally. */

/** An ILIKE pattern for text anywhere: `%` and `_` typed by the user are searched for, not wildcards. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`
