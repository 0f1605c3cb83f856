/**
 * The three ways the docs index answers a query, each with the best pages first and, for each
 * page, the sections that matched (headings and slugs, two lists of one length):
 * - full text: Postgres text search (`websearch_to_tsquery`: words, "quoted phrases", -not, or),
 *   ranked by `ts_rank_cd` over the page's weighted tsvector;
 * - embeddings: cosine similarity of the query's vector with each page's and section's, computed
 *   in SQL over the stored arrays (norms stored beside them);
 * - trigram: similar spelling (pg_trgm `word_similarity`), so a misspelt word still finds its page.
 */
import type { DocsSearchRow } from '@/lib/api-types'
import type { Queryable } from '../db/control-plane'

/** Pages per answer: a menu's worth. */
export const DOCS_SEARCH_LIMIT = 10
/**
 * Least cosine similarity for a page or section to count as an answer. Embedding models place
 * unrelated texts around 0–0.2 and related ones above; below this a "result" is noise.
 */
export const MIN_EMBEDDING_SIMILARITY = 0.3

/** The page columns of an answer; `m` is the lateral subquery of matched sections. */
const PAGE_COLUMNS = `p.id::text as id, p.path, p.type, p.title, p.subtitle, p.description,
  coalesce(m.headings, '{}') as headings, coalesce(m.slugs, '{}') as slugs`

export async function searchFullText(db: Queryable, query: string): Promise<DocsSearchRow[]> {
  return db.query<DocsSearchRow>(
    `with q as (select websearch_to_tsquery('english', $1) as q),
     hits as (
       select d.*, ts_rank_cd(d.fts, q.q) as rank from docs_pages d, q
       where d.fts @@ q.q order by rank desc, d.path limit $2
     )
     select ${PAGE_COLUMNS} from hits p cross join q
     left join lateral (
       select array_agg(e->>'heading' order by n) as headings, array_agg(e->>'slug' order by n) as slugs
       from jsonb_array_elements(p.sections) with ordinality as s(e, n)
       where to_tsvector('english', concat_ws(' ', e->>'heading', e->>'content')) @@ q.q
     ) m on true
     order by p.rank desc, p.path`,
    [query, DOCS_SEARCH_LIMIT]
  )
}

export async function searchTrigram(db: Queryable, query: string): Promise<DocsSearchRow[]> {
  // `<%` is word_similarity above pg_trgm's threshold (0.6): a word or two spelt a little off.
  return db.query<DocsSearchRow>(
    `with hits as (
       select d.*, word_similarity($1, d.content) as score, similarity($1, d.title) as title_score from docs_pages d
       where $1 <% d.content order by score desc, title_score desc, d.path limit $2
     )
     select ${PAGE_COLUMNS} from hits p
     left join lateral (
       select array_agg(e->>'heading' order by n) as headings, array_agg(e->>'slug' order by n) as slugs
       from jsonb_array_elements(p.sections) with ordinality as s(e, n)
       where $1 <% concat_ws(' ', e->>'heading', e->>'content')
     ) m on true
     order by p.score desc, p.title_score desc, p.path`,
    [query, DOCS_SEARCH_LIMIT]
  )
}

/** Whether the index holds vectors of `model` (else the semantic search answers by trigram). */
export async function hasEmbeddings(db: Queryable, model: string): Promise<boolean> {
  const [row] = await db.query<{ found: boolean }>('select exists (select 1 from docs_embeddings where model = $1) as found', [model])
  return row.found
}

export async function searchEmbeddings(db: Queryable, model: string, vector: number[], vectorNorm: number): Promise<DocsSearchRow[]> {
  return db.query<DocsSearchRow>(
    `with scored as (
       select e.page_id, e.section,
         (select sum(a * b) from unnest(e.embedding, $1::double precision[]) as v(a, b)) / (e.norm * $2) as similarity
       from docs_embeddings e
       where e.model = $3 and cardinality(e.embedding) = cardinality($1::double precision[])
     ),
     best as (
       select page_id, max(similarity) as similarity from scored where similarity >= $4
       group by page_id order by similarity desc limit $5
     )
     select ${PAGE_COLUMNS} from best b join docs_pages p on p.id = b.page_id
     left join lateral (
       select array_agg(e->>'heading' order by sc.similarity desc) as headings, array_agg(e->>'slug' order by sc.similarity desc) as slugs
       from scored sc join jsonb_array_elements(p.sections) with ordinality as s(e, n) on sc.section = n - 1
       where sc.page_id = p.id and sc.similarity >= $4
     ) m on true
     order by b.similarity desc, p.path`,
    [vector, vectorNorm, model, MIN_EMBEDDING_SIMILARITY, DOCS_SEARCH_LIMIT]
  )
}
