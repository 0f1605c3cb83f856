/**
 * The embeddings of the indexed docs, for the configured model: one for each page (its title and
 * description) and one for each section. Only what is missing or changed is sent to the model,
 * outside any transaction (a model call can take seconds); the vectors are then written in one.
 * Two instances doing this at once compute the same vectors and write one row each.
 */
import { createHash } from 'node:crypto'
import type { Platform } from '../kernel/platform'
import { trackPending } from '../pending-work'
import { embed, EmbeddingsError, norm } from './embeddings'

type IndexedPage = { id: string; title: string; description: string | null; sections: { heading: string; content: string }[] }
type Wanted = { pageId: string; section: number; text: string; hash: string }

const hashOf = (text: string) => createHash('sha256').update(text).digest('hex')

function wantedOf(page: IndexedPage): Wanted[] {
  const texts = [
    { section: -1, text: [page.title, page.description].filter(Boolean).join('\n') },
    ...page.sections.map((s, i) => ({ section: i, text: `${page.title}: ${s.heading}\n${s.content}` })),
  ]
  return texts.map(({ section, text }) => ({ pageId: page.id, section, text, hash: hashOf(text) }))
}

/** Computes and stores what the index lacks; answers how many vectors were written. */
export async function embedDocs(platform: Platform, signal?: AbortSignal): Promise<number> {
  const config = platform.config.docsSearch.embeddings
  if (!config) return 0
  const pages = await platform.db.query<IndexedPage>('select id, title, description, sections from docs_pages')
  const have = new Map(
    (await platform.db.query<{ page_id: string; section: number; content_hash: string }>(
      'select page_id, section, content_hash from docs_embeddings where model = $1',
      [config.model]
    )).map((r) => [`${r.page_id}/${r.section}`, r.content_hash])
  )
  const missing = pages.flatMap(wantedOf).filter((w) => have.get(`${w.pageId}/${w.section}`) !== w.hash)

  let written = 0
  if (missing.length > 0) {
    const vectors = await embed(config, missing.map((m) => m.text), signal)
    const dimensions = vectors[0].length
    if (vectors.some((v) => v.length !== dimensions)) throw new EmbeddingsError('The embeddings model answered vectors of different lengths.', 'mixed dimensions')
    await platform.db.transaction(async (tx) => {
      for (const [i, m] of missing.entries()) {
        const length = norm(vectors[i])
        if (length === 0) continue // a zero vector is similar to nothing
        await tx.query(
          `insert into docs_embeddings (page_id, section, model, content_hash, embedding, norm)
           select $1, $2, $3, $4, $5::double precision[], $6 where exists (select 1 from docs_pages where id = $1)
           on conflict (page_id, section, model) do update set content_hash = excluded.content_hash, embedding = excluded.embedding, norm = excluded.norm`,
          [m.pageId, m.section, config.model, m.hash, vectors[i], length]
        )
        written++
      }
    })
  }
  // Sections a page no longer has.
  await platform.db.query(
    `delete from docs_embeddings e using docs_pages p
     where e.page_id = p.id and e.model = $1 and e.section >= jsonb_array_length(p.sections)`,
    [config.model]
  )
  return written
}

/** After a failure, searches try again (the model was down at start), at most this often. */
const RETRY_AFTER_MS = 5 * 60_000
const lastAttempt = new WeakMap<Platform, number>()

/**
 * Computes the embeddings in the background (tests and shutdown await `platform.pending`). With
 * `retry`, only when the last attempt is long enough ago.
 */
export function embedDocsInBackground(platform: Platform, { retry = false } = {}): void {
  const last = lastAttempt.get(platform)
  if (retry && last !== undefined && Date.now() - last < RETRY_AFTER_MS) return
  lastAttempt.set(platform, Date.now())
  void trackPending(
    platform,
    embedDocs(platform).catch((error) => console.warn(`Docs search: could not compute embeddings: ${(error as Error).message}`))
  )
}
