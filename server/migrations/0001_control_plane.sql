-- Control-plane schema: accounts, organizations, projects, secrets and telemetry.

create table platform_secrets (
  name text primary key,
  value text not null,
  created_at timestamptz not null default now()
);

create table users (
  id uuid primary key,
  email text not null unique,
  encrypted_password text not null,
  raw_user_meta_data jsonb not null default '{}'::jsonb,
  email_confirmed_at timestamptz,
  last_sign_in_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table auth_sessions (
  id uuid primary key,
  user_id uuid not null references users (id) on delete cascade,
  created_at timestamptz not null default now()
);

create table refresh_tokens (
  id bigserial primary key,
  token text not null unique,
  session_id uuid not null references auth_sessions (id) on delete cascade,
  user_id uuid not null references users (id) on delete cascade,
  revoked boolean not null default false,
  created_at timestamptz not null default now()
);
create index refresh_tokens_session_idx on refresh_tokens (session_id);

create table profiles (
  id bigserial primary key,
  user_id uuid not null unique references users (id) on delete cascade,
  username text not null unique,
  primary_email text not null,
  first_name text,
  last_name text,
  created_at timestamptz not null default now()
);

create table organizations (
  id bigserial primary key,
  name text not null,
  slug text not null unique,
  billing_email text,
  plan text not null default 'free' check (plan in ('free', 'pro', 'team', 'enterprise')),
  restriction_status text check (restriction_status in ('grace_period', 'grace_period_over', 'restricted')),
  restriction_data jsonb,
  created_at timestamptz not null default now()
);

create table organization_members (
  organization_id bigint not null references organizations (id) on delete cascade,
  profile_id bigint not null references profiles (id) on delete cascade,
  role text not null check (role in ('Owner', 'Administrator', 'Developer', 'Read-only')),
  created_at timestamptz not null default now(),
  primary key (organization_id, profile_id)
);
create index organization_members_profile_idx on organization_members (profile_id);

create table projects (
  id bigserial primary key,
  ref text not null unique,
  name text not null,
  organization_id bigint not null references organizations (id) on delete cascade,
  status text not null,
  status_message text,
  cloud_provider text not null,
  region text not null,
  plan text not null default 'free',
  -- Where the database lives (server/databases/types.ts ProjectDbLocation); holds a secret.
  db_location jsonb,
  db_version text,
  inserted_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index projects_organization_idx on projects (organization_id);

create table telemetry_events (
  id bigserial primary key,
  profile_id bigint references profiles (id) on delete set null,
  event text not null,
  properties jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now()
);
