/**
 * Content of the public pages that operators edit without a new build: the testimonials beside
 * the sign-in form (SPEC §3 Testimonial: text, url, handle, img_url), read from a JSON file.
 */
import { z } from 'zod'

export const MAX_TESTIMONIALS = 50
export const MAX_TESTIMONIAL_TEXT_LENGTH = 500

/** SPEC §5: a link accepts only http or https. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value)
    return url.protocol === 'http:' || url.protocol === 'https:'
  } catch {
    return false
  }
}

const httpUrl = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .max(2048, `${label} is too long`)
    .refine(isHttpUrl, `${label} must be an http or https URL`)

/** An avatar: an http(s) URL, or a path on this site (`/testimonials/ada.svg`), never `//host`. */
const imageUrl = z.union([httpUrl('img_url'), z.string().max(2048).regex(/^\/(?!\/)[^\s\\]*$/, 'img_url must be an http(s) URL or a path starting with /')], {
  error: 'img_url must be an http(s) URL or a path starting with /',
})

export const testimonial = z.strictObject({
  text: z.string({ error: 'text must be text' }).trim().min(1, 'text is required').max(MAX_TESTIMONIAL_TEXT_LENGTH, `text must be ${MAX_TESTIMONIAL_TEXT_LENGTH} characters or fewer`),
  url: httpUrl('url'),
  handle: z.string({ error: 'handle must be text' }).trim().min(1, 'handle is required').max(64, 'handle must be 64 characters or fewer'),
  /** Absent or null: the page shows the handle's initials instead. */
  img_url: imageUrl.nullish(),
})
export type Testimonial = z.infer<typeof testimonial>

/** The whole file: a list, checked entry by entry (one bad entry makes the file invalid). */
export const testimonialList = z.array(testimonial).max(MAX_TESTIMONIALS, `at most ${MAX_TESTIMONIALS} testimonials`)
