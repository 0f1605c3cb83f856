/**
 * The catalogue of extensions (SPEC §3 "Extension: name, comment, tags, link, github_url, product,
 * product_url"), checked once when the module loads: a mistyped entry fails every test that
 * imports it rather than showing a broken card.
 */
import { z } from 'zod'
import { CATALOGUE_SEEDS } from './catalogue-entries'
import { EXTENSION_TAGS } from './tags'

/** Where the guide to an extension lives. */
export const extensionGuideLink = (name: string) => `/guides/database/extensions/${encodeURIComponent(name)}`

const httpsUrl = z.url({ protocol: /^https$/, error: 'must be an https address' })

export const catalogueEntry = z.object({
  /** The name CREATE EXTENSION takes (as pg_available_extensions spells it). */
  name: z.string().regex(/^[a-z0-9_-]{1,63}$/, 'must be an extension name as Postgres spells it'),
  comment: z.string().min(1).max(120),
  tags: z.array(z.enum(EXTENSION_TAGS)).min(1),
  link: z.string().startsWith('/guides/database/extensions/'),
  github_url: httpsUrl.startsWith('https://github.com/'),
  product: z.string().min(1),
  product_url: httpsUrl,
})
export type CatalogueEntry = z.infer<typeof catalogueEntry>

export const catalogue = z
  .array(catalogueEntry)
  .refine((entries) => new Set(entries.map((e) => e.name)).size === entries.length, 'names must be unique')

export const EXTENSION_CATALOGUE: readonly CatalogueEntry[] = catalogue.parse(
  CATALOGUE_SEEDS.map((seed) => ({ ...seed, link: extensionGuideLink(seed.name) }))
)

const byName = new Map(EXTENSION_CATALOGUE.map((entry) => [entry.name, entry]))

export const catalogueEntryFor = (name: string): CatalogueEntry | undefined => byName.get(name)
