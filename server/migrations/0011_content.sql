-- What users keep in a project's SQL editor: saved SQL snippets (private to their owner, or shared
-- with the project), the owner's folders for them, each user's favorites, the snippet last opened,
-- and the history of SQL runs. Ids of snippets are made by the client (a new snippet has its id
-- before its first save); folders get theirs here.

create table content_folders (
  id uuid primary key default gen_random_uuid(),
  project_id bigint not null references projects (id) on delete cascade,
  owner_id bigint not null references profiles (id) on delete cascade,
  name text not null check (char_length(name) between 1 and 256),
  inserted_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
-- "Reports" and "reports" side by side would only confuse: names are unique regardless of case.
create unique index content_folders_name_idx on content_folders (project_id, owner_id, lower(name));

create table content_snippets (
  id uuid primary key,
  project_id bigint not null references projects (id) on delete cascade,
  -- Null once the author's account is gone: a snippet shared with the project stays the team's.
  owner_id bigint references profiles (id) on delete set null,
  updated_by bigint references profiles (id) on delete set null,
  type text not null default 'sql' check (type in ('sql')),
  name text not null check (char_length(name) between 1 and 256),
  description text check (char_length(description) <= 1000),
  visibility text not null check (visibility in ('user', 'project')),
  folder_id uuid references content_folders (id) on delete set null,
  sql text not null,
  -- Raised by every change: a save names the version it was based on, and a stale one is refused.
  version integer not null default 1 check (version >= 1),
  inserted_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index content_snippets_owner_idx on content_snippets (project_id, owner_id);
create index content_snippets_shared_idx on content_snippets (project_id) where visibility = 'project';
create index content_snippets_folder_idx on content_snippets (folder_id) where folder_id is not null;

-- A private snippet nobody can ever see again is dropped with its owner's profile; shared ones stay.
create function content_forget_private_snippets() returns trigger language plpgsql as $$
begin
  delete from content_snippets where owner_id = old.id and visibility = 'user';
  return old;
end
$$;
create trigger profiles_forget_private_snippets before delete on profiles
  for each row execute function content_forget_private_snippets();

-- Favorites are each user's own: starring a shared snippet changes nothing for the others.
create table content_favorites (
  snippet_id uuid not null references content_snippets (id) on delete cascade,
  profile_id bigint not null references profiles (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (profile_id, snippet_id)
);
create index content_favorites_snippet_idx on content_favorites (snippet_id);

-- The snippet each user last opened in each project (SPEC §2: opening one records it).
create table content_last_visited (
  project_id bigint not null references projects (id) on delete cascade,
  profile_id bigint not null references profiles (id) on delete cascade,
  snippet_id uuid not null references content_snippets (id) on delete cascade,
  visited_at timestamptz not null default now(),
  primary key (project_id, profile_id)
);
create index content_last_visited_snippet_idx on content_last_visited (snippet_id);

-- Every run of the SQL endpoint, per user and project; only the newest runs are kept.
create table query_history (
  id bigserial primary key,
  project_id bigint not null references projects (id) on delete cascade,
  profile_id bigint not null references profiles (id) on delete cascade,
  sql text not null,
  -- The SQL was longer than what one entry keeps.
  sql_truncated boolean not null default false,
  started_at timestamptz not null,
  duration_ms double precision not null,
  row_count bigint,
  error text
);
create index query_history_owner_idx on query_history (project_id, profile_id, id desc);
