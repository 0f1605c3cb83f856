import { z } from 'zod'

/** One entry of the built-in SQL library (SPEC §3). */
export const snippetSchema = z.object({
  id: z.number().int().positive(),
  type: z.enum(['template', 'quickstart']),
  title: z.string().min(1),
  description: z.string().min(1),
  sql: z.string().min(1),
})

export type Snippet = z.infer<typeof snippetSchema>
export type SnippetType = Snippet['type']

/** The whole library: ids are unique, so a link (`?snippet=<id>`) names exactly one entry. */
export const catalogueSchema = z.array(snippetSchema).superRefine((snippets, ctx) => {
  const seen = new Set<number>()
  for (const [index, snippet] of snippets.entries()) {
    if (seen.has(snippet.id)) ctx.addIssue({ code: 'custom', path: [index, 'id'], message: `Duplicate snippet id ${snippet.id}` })
    seen.add(snippet.id)
  }
})

/**
 * Trims the indentation a template literal picks up, so the editor shows the SQL flush left.
 * Interpolation is left out on purpose: a multi-line value would spoil the indentation; put
 * shared parts together with `joinSql` instead.
 */
export function sql(strings: TemplateStringsArray): string {
  const lines = strings.raw.join('').replace(/^\n/, '').replace(/\s+$/, '').split('\n')
  const indent = Math.min(...lines.filter((l) => l.trim()).map((l) => l.match(/^ */)![0].length))
  return lines.map((l) => l.slice(indent)).join('\n') + '\n'
}

/** Parts of one snippet, one blank line apart. */
export function joinSql(...parts: string[]): string {
  return parts.map((p) => p.trim()).join('\n\n') + '\n'
}
