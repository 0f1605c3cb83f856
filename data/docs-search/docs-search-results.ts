/**
 * SPEC §5: what the dashboard accepts from a docs backend (the built-in one or another). A result
 * lacking an id, path, type or title is discarded; so is one whose heading and slug lists differ
 * in length (the sections could not be paired). Everything else is tolerated: a numeric id, a
 * missing subtitle, description or section lists.
 */
import { z } from 'zod'

export type DocsSearchSection = { heading: string; slug: string }

/** SPEC §3: a docs search result as the dashboard shows it. */
export type DocsSearchResult = {
  id: string
  /** Below the dashboard (`/docs/…`) or a full URL of another docs site. */
  path: string
  /** `markdown`, `reference`, `partner-integration` or `github-discussions` (another backend may add kinds). */
  type: string
  title: string
  subtitle: string | null
  description: string | null
  sections: DocsSearchSection[]
}

const text = z.string().trim().min(1)
const optionalText = z
  .string()
  .nullish()
  .transform((value) => value || null)
const list = z
  .array(z.string())
  .nullish()
  .transform((value) => value ?? [])

const candidate = z
  .object({
    id: z.union([text, z.number()]).transform(String),
    path: text,
    type: text,
    title: text,
    subtitle: optionalText,
    description: optionalText,
    headings: list,
    slugs: list,
  })
  .refine((r) => r.headings.length === r.slugs.length)
  .transform(({ headings, slugs, ...page }): DocsSearchResult => ({ ...page, sections: headings.map((heading, i) => ({ heading, slug: slugs[i] })) }))

/** The valid results of an answer, in its order. */
export function toDocsSearchResults(answer: unknown[]): DocsSearchResult[] {
  return answer.flatMap((item) => {
    const parsed = candidate.safeParse(item)
    return parsed.success ? [parsed.data] : []
  })
}

/** Where a result (or one of its sections) is shown: the path, with the section's anchor. */
export function docsResultHref(result: Pick<DocsSearchResult, 'path'>, section?: DocsSearchSection): string {
  return section ? `${result.path}#${section.slug}` : result.path
}
