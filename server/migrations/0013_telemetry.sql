-- Telemetry recorded after consent (page views, events, identify, groups, feature flags), the link
-- between a browser's anonymous id and the user who signed in there, and client error reports.
-- docs/telemetry.md describes what is kept and for how long.

-- Rows belong to a user (user_id) or only to a browser's anonymous id. The sign-up conversion
-- event names its profile only: its user is filled in below, so every row of a user is found,
-- shown and deleted through one column, and goes with the account.
alter table telemetry_events
  add column user_id uuid references users (id) on delete cascade,
  add column anonymous_id uuid,
  add column kind text not null default 'event'
    check (kind in ('page', 'event', 'identify', 'groups', 'feature_flag'));

update telemetry_events e set user_id = p.user_id from profiles p where p.id = e.profile_id and e.user_id is null;

create function telemetry_events_fill_user() returns trigger language plpgsql as $$
begin
  if new.user_id is null and new.profile_id is not null then
    select p.user_id into new.user_id from profiles p where p.id = new.profile_id;
  end if;
  return new;
end
$$;
create trigger telemetry_events_fill_user before insert on telemetry_events
  for each row execute function telemetry_events_fill_user();

-- A user's rows, newest first; a browser's rows not yet anyone's; and the retention sweep.
create index telemetry_events_user_idx on telemetry_events (user_id, id desc) where user_id is not null;
create index telemetry_events_anonymous_idx on telemetry_events (anonymous_id) where user_id is null and anonymous_id is not null;
create index telemetry_events_created_idx on telemetry_events (created_at);

-- A browser's anonymous id, and the user who last signed in there (identify). Page views and
-- events sent with a linked id count as that user's, until the link is reset (on sign-out).
create table telemetry_identities (
  anonymous_id uuid primary key,
  user_id uuid not null references users (id) on delete cascade,
  linked_at timestamptz not null default now()
);
create index telemetry_identities_user_idx on telemetry_identities (user_id);
create index telemetry_identities_linked_idx on telemetry_identities (linked_at);

-- Errors the dashboard caught in a browser: operational, not analytics. Nothing names the person
-- (no user, no address); the path is the only thing of the page kept.
create table client_error_reports (
  id bigserial primary key,
  tag text not null check (char_length(tag) between 1 and 100),
  message text not null check (char_length(message) between 1 and 2000),
  stack text check (char_length(stack) <= 20000),
  pathname text not null check (char_length(pathname) <= 1024),
  request_id text check (char_length(request_id) <= 100),
  created_at timestamptz not null default now()
);
create index client_error_reports_tag_idx on client_error_reports (tag, id desc);
create index client_error_reports_created_idx on client_error_reports (created_at);
