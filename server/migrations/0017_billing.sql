-- Organization billing: the subscribed tier and its history, usage measured per day, tax ids and
-- the audit log.

-- The tier (lib/billing/tiers.ts) beside the plan it stands for; the two change together.
alter table organizations add column tier text;
update organizations set tier = 'tier_' || plan;
alter table organizations
  alter column tier set not null,
  alter column tier set default 'tier_free',
  add constraint organizations_tier_check check (tier in ('tier_free', 'tier_pro', 'tier_payg', 'tier_team', 'tier_enterprise')),
  -- When usage was last sampled for the organization (the usage answer is at most one interval old).
  add column usage_sampled_at timestamptz;

-- Every tier an organization has had and since when: monthly statements price each part of a
-- month at the tier it was on.
create table organization_subscriptions (
  id bigserial primary key,
  organization_id bigint not null references organizations (id) on delete cascade,
  tier text not null,
  started_at timestamptz not null default now(),
  changed_by uuid references users (id) on delete set null
);
create index organization_subscriptions_org_idx on organization_subscriptions (organization_id, started_at);
insert into organization_subscriptions (organization_id, tier, started_at) select id, tier, created_at from organizations;

-- Usage per organization, UTC day, metric and project ('' for a figure of the organization as a
-- whole). Summed metrics (egress bytes, compute hours) are added to; peak metrics (database
-- size, active projects) keep the day's largest sample.
create table usage_daily (
  organization_id bigint not null references organizations (id) on delete cascade,
  day date not null,
  metric text not null,
  project_ref text not null default '',
  project_name text,
  value numeric not null default 0,
  updated_at timestamptz not null default now(),
  primary key (organization_id, day, metric, project_ref)
);

-- Members active on a day (a session issued or refreshed): monthly active users are the distinct
-- users over the period's days.
create table usage_active_users (
  organization_id bigint not null references organizations (id) on delete cascade,
  day date not null,
  user_id uuid not null,
  primary key (organization_id, day, user_id)
);

create table organization_tax_ids (
  id bigserial primary key,
  organization_id bigint not null references organizations (id) on delete cascade,
  type text not null,
  value text not null,
  country text not null,
  created_at timestamptz not null default now(),
  unique (organization_id, type, value)
);

-- Who did what, when, in an organization. The actor's email is copied: the entry outlives the account.
create table audit_log (
  id bigserial primary key,
  organization_id bigint not null references organizations (id) on delete cascade,
  occurred_at timestamptz not null default now(),
  action text not null,
  actor_id uuid,
  actor_email text,
  target_type text not null,
  target_id text not null,
  target_name text,
  details jsonb not null default '{}'::jsonb
);
create index audit_log_org_time_idx on audit_log (organization_id, occurred_at desc);
