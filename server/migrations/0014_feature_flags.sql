-- Feature flags (SPEC §7): in the control plane, so that every app instance serves the same ones.
-- A flag has a default value (a boolean, or a text for a banner) and rules, checked in order:
-- [{"userIds": ["<uuid>", …], "value": …}] — the first rule naming the user gives its value.

create table feature_flags (
  key text primary key check (key ~ '^[A-Za-z][A-Za-z0-9_.-]{0,63}$'),
  value jsonb not null check (jsonb_typeof(value) in ('boolean', 'string')),
  rules jsonb not null default '[]' check (jsonb_typeof(rules) = 'array'),
  updated_at timestamptz not null default now()
);

-- One number raised by every change of any flag, however it is made (the admin API, the flags
-- file at start, a migration, SQL by hand): the configuration's ETag is made from it, so a client
-- holding an older configuration always gets the new one.
create table feature_flags_revision (
  only_row boolean primary key default true check (only_row),
  revision bigint not null default 1
);
insert into feature_flags_revision default values;

create function feature_flags_bump_revision() returns trigger language plpgsql as $$
begin
  update feature_flags_revision set revision = revision + 1;
  return null;
end
$$;
create trigger feature_flags_changed after insert or update or delete on feature_flags
  for each row execute function feature_flags_bump_revision();

insert into feature_flags (key, value) values
  ('clockSkewBanner', 'true'),
  ('ongoingIncident', 'false'),
  ('noticeBanner', 'false'),
  ('functionsAssistantV2', 'false');
