/**
 * The `storage` schema in a project's database, with the tables, columns and functions Supabase
 * applications and their policies name: `storage.buckets`, `storage.objects` (`owner_id`,
 * `path_tokens`, `metadata`, `user_metadata`, …), the S3 multipart tables, and
 * `storage.foldername()`, `storage.filename()`, `storage.extension()`, `storage.search()`,
 * `storage.get_size_by_bucket()`, `storage.operation()`.
 *
 * Owned by the project's own role, like its `auth` schema: its SQL writes the policies. RLS is on
 * and no policy is made: until the project writes some, `anon` and `authenticated` can do nothing
 * and `service_role` (BYPASSRLS) everything. Rows are deleted only by the storage service, which
 * says so in its transaction (`storage.allow_delete_query`): a delete from SQL would leave bytes
 * nothing refers to, and is refused with a sentence saying what to call instead.
 *
 * Additive and idempotent; the schema's comment says it is complete at this version.
 */
export const STORAGE_SCHEMA_VERSION = 1

export const STORAGE_SCHEMA_COMMENT = `The project's buckets and objects (storage service, version ${STORAGE_SCHEMA_VERSION}).`

export const STORAGE_SCHEMA_SQL = `
create schema if not exists storage;

create table if not exists storage.buckets (
  id text primary key,
  name text not null,
  owner uuid,
  owner_id text,
  public boolean not null default false,
  avif_autodetection boolean not null default false,
  file_size_limit bigint,
  allowed_mime_types text[],
  type text not null default 'STANDARD',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index if not exists bname on storage.buckets (name);

create table if not exists storage.objects (
  id uuid primary key default gen_random_uuid(),
  bucket_id text references storage.buckets (id),
  name text,
  owner uuid,
  owner_id text,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  last_accessed_at timestamptz default now(),
  metadata jsonb,
  path_tokens text[] generated always as (string_to_array(name, '/')) stored,
  version text,
  user_metadata jsonb
);
create unique index if not exists bucketid_objname on storage.objects (bucket_id, name);
create index if not exists name_prefix_search on storage.objects (name text_pattern_ops);
create index if not exists idx_objects_bucket_id_name on storage.objects (bucket_id, name collate "C");
create index if not exists idx_objects_bucket_id_name_lower on storage.objects (bucket_id, lower(name) collate "C");

create table if not exists storage.s3_multipart_uploads (
  id text primary key,
  in_progress_size bigint not null default 0,
  upload_signature text not null,
  bucket_id text not null references storage.buckets (id),
  key text collate "C" not null,
  version text not null,
  owner_id text,
  created_at timestamptz not null default now(),
  user_metadata jsonb,
  metadata jsonb
);
create index if not exists idx_multipart_uploads_list on storage.s3_multipart_uploads (bucket_id, key, created_at);
create table if not exists storage.s3_multipart_uploads_parts (
  id uuid primary key default gen_random_uuid(),
  upload_id text not null references storage.s3_multipart_uploads (id) on delete cascade,
  size bigint not null default 0,
  part_number int not null,
  bucket_id text not null references storage.buckets (id),
  key text collate "C" not null,
  etag text not null,
  owner_id text,
  version text not null,
  created_at timestamptz not null default now()
);

-- Every path segment but the last: 'a/b/c.png' gives {a,b}.
create or replace function storage.foldername(name text) returns text[] language sql immutable as $fn$
  select coalesce((string_to_array(name, '/'))[1:greatest(cardinality(string_to_array(name, '/')) - 1, 0)], '{}')
$fn$;
-- The last segment: 'a/b/c.png' gives 'c.png'.
create or replace function storage.filename(name text) returns text language sql immutable as $fn$
  select (string_to_array(name, '/'))[cardinality(string_to_array(name, '/'))]
$fn$;
-- What follows the last dot of the last segment: 'a.tar.gz' gives 'gz' (no dot: the whole name).
create or replace function storage.extension(name text) returns text language sql immutable as $fn$
  select (string_to_array(storage.filename(name), '.'))[cardinality(string_to_array(storage.filename(name), '.'))]
$fn$;

create or replace function storage.get_size_by_bucket() returns table (size bigint, bucket_id text) language sql stable as $fn$
  select sum((o.metadata ->> 'size')::bigint)::bigint, o.bucket_id from storage.objects o group by o.bucket_id
$fn$;

-- The operation the storage service runs (policies may name it), e.g. 'object.upload'.
create or replace function storage.operation() returns text language sql stable as $fn$
  select current_setting('storage.operation', true)
$fn$;

-- A folder's entries, as the caller may see them (run as the caller: its policies filter the rows).
-- Names are relative to the prefix; a key with a '/' past prefix || search is one folder entry
-- (id and dates null). Matching is case-insensitive and by prefix. Sorted by name (folders and
-- files together), or by a date with the folders first.
create or replace function storage.search(
  prefix text, bucketname text, limits int default 100, levels int default 1, offsets int default 0,
  search text default '', sortcolumn text default 'name', sortorder text default 'asc'
) returns table (name text, id uuid, updated_at timestamptz, created_at timestamptz, last_accessed_at timestamptz, metadata jsonb)
language plpgsql stable as $fn$
declare
  sort_by text := lower(coalesce(sortcolumn, 'name'));
  direction text := lower(coalesce(sortorder, 'asc'));
  ordering text;
begin
  if sort_by not in ('name', 'updated_at', 'created_at', 'last_accessed_at') then
    raise exception 'Invalid sort column: %', sortcolumn using errcode = '22023';
  end if;
  if direction not in ('asc', 'desc') then
    raise exception 'Invalid sort order: %', sortorder using errcode = '22023';
  end if;
  ordering := case when sort_by = 'name'
    then format('lower(e.name) collate "C" %s, e.name collate "C" %s', direction, direction)
    else format('e.folder desc, case when e.folder then lower(e.name) end collate "C" %s, e.%I %s, e.name collate "C"', direction, sort_by, direction) end;
  return query execute format($q$
    with matched as (
      select o.id, o.updated_at, o.created_at, o.last_accessed_at, o.metadata,
             substr(o.name, length($1) + 1) as rest,
             strpos(substr(o.name, length($1 || $3) + 1), '/') > 0 as in_folder
      from storage.objects o
      where o.bucket_id = $2 and starts_with(lower(o.name), lower($1 || $3))
    ), entries as (
      select min(split_part(m.rest, '/', 1)) as name, null::uuid as id, null::timestamptz as updated_at,
             null::timestamptz as created_at, null::timestamptz as last_accessed_at, null::jsonb as metadata, true as folder
      from matched m where m.in_folder group by lower(split_part(m.rest, '/', 1))
      union all
      select m.rest, m.id, m.updated_at, m.created_at, m.last_accessed_at, m.metadata, false from matched m where not m.in_folder
    )
    select e.name, e.id, e.updated_at, e.created_at, e.last_accessed_at, e.metadata from entries e
    order by %s limit $4 offset $5
  $q$, ordering) using coalesce(prefix, ''), bucketname, coalesce(search, ''), least(greatest(coalesce(limits, 100), 0), 1500), greatest(coalesce(offsets, 0), 0);
end
$fn$;

create or replace function storage.update_updated_at_column() returns trigger language plpgsql as $fn$
begin
  new.updated_at = now();
  return new;
end
$fn$;
drop trigger if exists update_objects_updated_at on storage.objects;
create trigger update_objects_updated_at before update on storage.objects for each row execute function storage.update_updated_at_column();

create or replace function storage.enforce_bucket_name_length() returns trigger language plpgsql as $fn$
begin
  if length(new.name) > 100 then
    raise exception 'bucket name "%" is too long (% characters). Max is 100.', new.name, length(new.name);
  end if;
  return new;
end
$fn$;
drop trigger if exists enforce_bucket_name_length_trigger on storage.buckets;
create trigger enforce_bucket_name_length_trigger before insert or update of name on storage.buckets for each row execute function storage.enforce_bucket_name_length();

create or replace function storage.protect_delete() returns trigger language plpgsql as $fn$
begin
  if coalesce(current_setting('storage.allow_delete_query', true), '') <> 'true' then
    raise exception 'Direct deletion from storage tables is not allowed. Use the Storage API instead (supabase.storage, or the dashboard''s Storage page): it deletes the files too.'
      using errcode = '42501', hint = 'It keeps the bytes and the rows together.';
  end if;
  return null;
end
$fn$;
drop trigger if exists protect_buckets_delete on storage.buckets;
create trigger protect_buckets_delete before delete on storage.buckets for each statement execute function storage.protect_delete();
drop trigger if exists protect_objects_delete on storage.objects;
create trigger protect_objects_delete before delete on storage.objects for each statement execute function storage.protect_delete();

alter table storage.buckets enable row level security;
alter table storage.objects enable row level security;
alter table storage.s3_multipart_uploads enable row level security;
alter table storage.s3_multipart_uploads_parts enable row level security;

grant usage on schema storage to anon, authenticated, service_role;
grant all on storage.buckets, storage.objects to anon, authenticated, service_role;
grant select on storage.s3_multipart_uploads, storage.s3_multipart_uploads_parts to anon, authenticated;
grant all on storage.s3_multipart_uploads, storage.s3_multipart_uploads_parts to service_role;
grant execute on all functions in schema storage to anon, authenticated, service_role;
comment on schema storage is '${STORAGE_SCHEMA_COMMENT.replace(/'/g, "''")}';
`
