/**
 * The `auth` schema in a project's database, as Supabase applications expect it: `auth.users`
 * (foreign keys and RLS policies point at it), `auth.identities`, the service's sessions, refresh
 * tokens and one-time tokens, and `auth.uid()`, `auth.role()`, `auth.email()`, `auth.jwt()` read
 * from the claims PostgREST sets for each request (`request.jwt.claims`).
 *
 * Additive and idempotent: a database where a quickstart already made a minimal `auth.users` (see
 * lib/snippets/shared.ts) gains the missing columns, and its rows and foreign keys stay. Owned by
 * the project's own role, like the rest of its database; `anon`, `authenticated` and
 * `service_role` get USAGE on the schema (policies call auth.uid() as them) and nothing on its
 * tables.
 */
export const AUTH_SCHEMA_VERSION = 2

/** The schema's comment, which says it is complete at this version. */
export const AUTH_SCHEMA_COMMENT = `The project's users and their sessions (auth service, version ${AUTH_SCHEMA_VERSION}).`

export const AUTH_SCHEMA_SQL = `
create schema if not exists auth;

create table if not exists auth.users (id uuid primary key default gen_random_uuid());
alter table auth.users
  add column if not exists aud text not null default 'authenticated',
  add column if not exists role text not null default 'authenticated',
  add column if not exists email text,
  add column if not exists encrypted_password text,
  add column if not exists email_confirmed_at timestamptz,
  add column if not exists invited_at timestamptz,
  add column if not exists confirmation_sent_at timestamptz,
  add column if not exists recovery_sent_at timestamptz,
  add column if not exists email_change text,
  add column if not exists email_change_sent_at timestamptz,
  add column if not exists last_sign_in_at timestamptz,
  add column if not exists raw_app_meta_data jsonb not null default '{}'::jsonb,
  add column if not exists raw_user_meta_data jsonb not null default '{}'::jsonb,
  add column if not exists created_at timestamptz not null default now(),
  add column if not exists updated_at timestamptz not null default now(),
  add column if not exists phone text,
  add column if not exists phone_confirmed_at timestamptz,
  add column if not exists banned_until timestamptz,
  add column if not exists is_anonymous boolean not null default false;
create unique index if not exists users_email_lower_key on auth.users (lower(email)) where email is not null;
create unique index if not exists users_phone_key on auth.users (phone) where phone is not null;
create index if not exists users_created_at_idx on auth.users (created_at);

create table if not exists auth.identities (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  provider text not null,
  provider_id text not null,
  identity_data jsonb not null default '{}'::jsonb,
  last_sign_in_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (provider_id, provider)
);
create index if not exists identities_user_id_idx on auth.identities (user_id);

create table if not exists auth.sessions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  aal text not null default 'aal1',
  amr jsonb not null default '[]'::jsonb,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  refreshed_at timestamptz,
  user_agent text,
  ip text
);
create index if not exists sessions_user_id_idx on auth.sessions (user_id);

-- Only the SHA-256 of a refresh token is kept: whoever may read the database (a Read-only member
-- reads every table) cannot take over a session with what they read.
create table if not exists auth.refresh_tokens (
  id bigserial primary key,
  token_hash text not null unique,
  user_id uuid not null references auth.users (id) on delete cascade,
  session_id uuid not null references auth.sessions (id) on delete cascade,
  parent_hash text,
  revoked boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
-- Version 1 kept the tokens themselves: they are replaced by their digests, so sessions go on.
do $upgrade$ begin
  if exists (select 1 from information_schema.columns where table_schema = 'auth' and table_name = 'refresh_tokens' and column_name = 'token') then
    alter table auth.refresh_tokens add column if not exists token_hash text, add column if not exists parent_hash text;
    update auth.refresh_tokens set token_hash = encode(sha256(convert_to(token, 'UTF8')), 'hex'), parent_hash = encode(sha256(convert_to(parent, 'UTF8')), 'hex');
    alter table auth.refresh_tokens drop column token, drop column if exists parent, alter column token_hash set not null;
    alter table auth.refresh_tokens add constraint refresh_tokens_token_hash_key unique (token_hash);
  end if;
end $upgrade$;
create index if not exists refresh_tokens_session_id_idx on auth.refresh_tokens (session_id);
create index if not exists refresh_tokens_parent_hash_idx on auth.refresh_tokens (parent_hash);

-- Links and codes mailed to users; only their SHA-256 is kept.
create table if not exists auth.one_time_tokens (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  token_type text not null,
  token_hash text not null unique,
  code_hash text not null,
  relates_to text not null,
  expires_at timestamptz not null,
  created_at timestamptz not null default now()
);
create index if not exists one_time_tokens_user_id_idx on auth.one_time_tokens (user_id);

create or replace function auth.jwt() returns jsonb language sql stable as $fn$
  select coalesce(nullif(current_setting('request.jwt.claims', true), ''), nullif(current_setting('request.jwt.claim', true), ''), '{}')::jsonb
$fn$;
create or replace function auth.uid() returns uuid language sql stable as $fn$
  select coalesce(nullif(current_setting('request.jwt.claim.sub', true), ''), auth.jwt() ->> 'sub')::uuid
$fn$;
create or replace function auth.role() returns text language sql stable as $fn$
  select coalesce(nullif(current_setting('request.jwt.claim.role', true), ''), auth.jwt() ->> 'role')
$fn$;
create or replace function auth.email() returns text language sql stable as $fn$
  select coalesce(nullif(current_setting('request.jwt.claim.email', true), ''), auth.jwt() ->> 'email')
$fn$;

grant usage on schema auth to anon, authenticated, service_role;
grant execute on function auth.jwt(), auth.uid(), auth.role(), auth.email() to anon, authenticated, service_role;
comment on schema auth is '${AUTH_SCHEMA_COMMENT.replace(/'/g, "''")}';
`
