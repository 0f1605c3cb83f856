/**
 * The project's `realtime` schema, as Supabase's realtime makes it: `realtime.messages`, on which a
 * project's RLS policies say who may read (join, receive) and write (send broadcasts, track
 * presence) a private channel, each row naming its `topic` and `extension` (broadcast or presence);
 * and `realtime.topic()`, the topic being authorized, for those policies. Made as the project's
 * role (it owns the schema, as it owns `auth` and `storage`); the platform never keeps rows there.
 */
export const REALTIME_SCHEMA_COMMENT = 'supaboard realtime schema v1'

export const REALTIME_SCHEMA_SQL = `
create schema if not exists realtime;
create table if not exists realtime.messages (
  id uuid not null default gen_random_uuid() primary key,
  topic text not null,
  extension text not null,
  payload jsonb,
  event text,
  private boolean default false,
  updated_at timestamp not null default now(),
  inserted_at timestamp not null default now()
);
alter table realtime.messages enable row level security;
create or replace function realtime.topic() returns text language sql stable as $$
  select nullif(pg_catalog.current_setting('realtime.topic', true), '')::text
$$;
grant usage on schema realtime to anon, authenticated, service_role;
grant select, insert on realtime.messages to anon, authenticated, service_role;
grant execute on function realtime.topic() to anon, authenticated, service_role;
comment on schema realtime is '${REALTIME_SCHEMA_COMMENT}';
`
