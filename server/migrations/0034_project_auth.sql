-- A project's own auth service (server/project-auth): how its users sign up and sign in. The
-- users themselves live in the project's database (schema auth), not here. One row per project,
-- made on first use (insert … on conflict do nothing); defaults are Supabase's.
create table project_auth_config (
  project_ref text primary key references projects (ref) on delete cascade,
  disable_signup boolean not null default false,
  external_email_enabled boolean not null default true,
  external_phone_enabled boolean not null default false,
  mailer_autoconfirm boolean not null default false,
  sms_autoconfirm boolean not null default false,
  -- Empty: links lead to the platform's own address for the project ({site}/p/{ref}).
  site_url text not null default '',
  uri_allow_list text[] not null default '{}',
  jwt_exp integer not null default 3600,
  password_min_length integer not null default 6,
  updated_at timestamptz not null default now()
);
