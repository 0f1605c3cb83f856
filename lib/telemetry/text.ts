/** At most `max` characters, never ending in half of a surrogate pair (the platform refuses those). */
export function cut(text: string, max: number): string {
  if (text.length <= max) return text
  const end = /[\ud800-\udbff]/.test(text[max - 1]) ? max - 1 : max
  return text.slice(0, end)
}

/** Lone halves of surrogate pairs replaced, so that any text from the page is valid Unicode. */
export function wellFormed(text: string): string {
  return text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD')
}

/** Both: what every free text taken from the page goes through before it is sent. */
export const clean = (text: string, max: number) => cut(wellFormed(text), max)
