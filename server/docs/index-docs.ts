/**
 * Writes the product's docs (docs/*.md) into the search index at start. One transaction under
 * an advisory lock, pages keyed by path and compared by a hash of their source: running it again,
 * or on two app instances starting at once, writes each changed page once and leaves one row per
 * page. Pages gone from docs/ are removed.
 */
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { Platform } from '../kernel/platform'
import type { Queryable } from '../db/control-plane'
import { parseDocsPage, pageText, type DocsPage } from './markdown'
import { embedDocsInBackground } from './embed-docs'

const LOCK_KEY = 724_100_015
/** Raised when what is derived from a page changes (parsing, weights): every page is written again. */
const INDEX_FORMAT = 'docs-index-1'

export const docsDir = () => path.join(process.cwd(), 'docs')

/** A page's source: parsed only when its hash says it changed. */
export type DocsSource = { slug: string; path: string; markdown: string; hash: string }

export function readDocsSources(dir = docsDir()): DocsSource[] {
  return fs
    .readdirSync(dir)
    .filter((file) => file.endsWith('.md'))
    .sort()
    .map((file) => {
      const markdown = fs.readFileSync(path.join(dir, file), 'utf8')
      const slug = file.replace(/\.md$/, '')
      const hash = createHash('sha256').update(INDEX_FORMAT).update('\0').update(markdown).digest('hex')
      return { slug, path: `/docs/${slug}`, markdown, hash }
    })
}

const UPSERT = `
  insert into docs_pages (path, type, title, subtitle, description, sections, content, content_hash, fts, indexed_at)
  values ($1, 'markdown', $2, null, $3, $4::jsonb, $5, $6,
    setweight(to_tsvector('english', $2), 'A') || setweight(to_tsvector('english', $7), 'B')
      || setweight(to_tsvector('english', coalesce($3, '')), 'C') || setweight(to_tsvector('english', $8), 'D'),
    now())
  on conflict (path) do update set
    type = excluded.type, title = excluded.title, subtitle = excluded.subtitle, description = excluded.description,
    sections = excluded.sections, content = excluded.content, content_hash = excluded.content_hash,
    fts = excluded.fts, indexed_at = excluded.indexed_at`

const upsertValues = (page: DocsPage, hash: string) => [
  page.path,
  page.title,
  page.description,
  JSON.stringify(page.sections),
  pageText(page),
  hash,
  page.sections.map((s) => s.heading).join('\n'),
  [page.intro, ...page.sections.map((s) => s.content)].join('\n'),
]

const knownHashes = async (db: Queryable) =>
  new Map((await db.query<{ path: string; content_hash: string }>('select path, content_hash from docs_pages')).map((r) => [r.path, r.content_hash]))

export async function indexDocs(platform: Platform, sources: DocsSource[] = readDocsSources()): Promise<{ written: number; removed: number }> {
  // Parsing is the slow part: done before the transaction, for the pages that look changed.
  const before = await knownHashes(platform.db)
  const parsed = new Map(sources.filter((s) => before.get(s.path) !== s.hash).map((s) => [s.path, parseDocsPage(s.slug, s.markdown)]))
  return platform.db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [LOCK_KEY])
    // Again under the lock: another instance may have written some meanwhile.
    const known = await knownHashes(tx)
    let written = 0
    for (const source of sources) {
      if (known.get(source.path) === source.hash) continue
      const page = parsed.get(source.path) ?? parseDocsPage(source.slug, source.markdown)
      await tx.query(UPSERT, upsertValues(page, source.hash))
      written++
    }
    const removed = await tx.query('delete from docs_pages where not (path = any($1::text[])) returning path', [sources.map((s) => s.path)])
    return { written, removed: removed.length }
  })
}

/**
 * At start: the index first (a search right after start finds the docs), then the embeddings in
 * the background when a model is configured (they take a round trip per batch). A failure is
 * logged and leaves the dashboard working: search then answers from what the index holds.
 */
export async function indexDocsAtStart(platform: Platform): Promise<void> {
  try {
    await indexDocs(platform)
  } catch (error) {
    console.warn(`Docs search: could not index docs/: ${(error as Error).message}`)
    return
  }
  if (platform.config.docsSearch.embeddings) embedDocsInBackground(platform)
}
