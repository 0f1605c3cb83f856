-- The docs search index: one row per page of the product's docs (docs/*.md), written at start
-- by server/docs/index-docs.ts, and the embeddings of each page and section when an embeddings
-- model is configured. pg_trgm answers the semantic search by similar spelling otherwise; it is
-- a trusted extension (a database owner may create it) and part of PostgreSQL's contrib.
create extension if not exists pg_trgm;

create table docs_pages (
  id uuid primary key default gen_random_uuid(),
  path text not null unique,
  type text not null default 'markdown'
    check (type in ('markdown', 'reference', 'partner-integration', 'github-discussions')),
  title text not null,
  subtitle text,
  description text,
  -- [{heading, slug, content}] in page order; slug is the heading's id on the rendered page.
  sections jsonb not null default '[]',
  -- The page's plain text (title, intro, headings and sections): similar-spelling search.
  content text not null,
  -- Of the page's source: an unchanged page is not written again.
  content_hash text not null,
  -- Title weighs most, then headings, then the description, then the text.
  fts tsvector not null,
  indexed_at timestamptz not null default now()
);
create index docs_pages_fts_idx on docs_pages using gin (fts);
-- No trigram index on content: with a few dozen pages the planner scans them anyway, and building
-- one costs more at every start than it would ever save.

-- One vector per page (section -1: title and description) and per section (its index in
-- docs_pages.sections), per model: changing the model computes new ones beside the old.
create table docs_embeddings (
  page_id uuid not null references docs_pages (id) on delete cascade,
  section integer not null check (section >= -1),
  model text not null,
  -- Of the text that was embedded: a changed section is embedded again.
  content_hash text not null,
  embedding double precision[] not null,
  -- Its length, kept so that a search computes one dot product per row.
  norm double precision not null check (norm > 0),
  primary key (page_id, section, model)
);
