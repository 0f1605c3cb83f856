/**
 * Where the sign-in page's testimonials come from. Pure: handed a reader of variables
 * (server/config.ts is the one place that reads the environment).
 */
import path from 'node:path'

export type SiteConfig = {
  /** JSON file of testimonials (lib/api-types/site.ts), re-read whenever it changes. */
  testimonialsFile: string
}

/** The list shipped with the product; operators point TESTIMONIALS_FILE at their own. */
export const DEFAULT_TESTIMONIALS_FILE = path.join('config', 'testimonials.json')

export function readSiteConfig(env: (name: string) => string | undefined): SiteConfig {
  return { testimonialsFile: path.resolve(env('TESTIMONIALS_FILE') ?? DEFAULT_TESTIMONIALS_FILE) }
}
