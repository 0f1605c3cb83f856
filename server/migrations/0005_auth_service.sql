-- The auth service as GoTrue models it: phone and anonymous users, identities, one-time tokens
-- (links and codes), PKCE flows, TOTP factors and their challenges, assurance level per session,
-- and the asymmetric keys that sign access tokens.
alter table users
  alter column email drop not null,
  alter column encrypted_password drop not null,
  add column phone text unique,
  add column phone_confirmed_at timestamptz,
  add column raw_app_meta_data jsonb not null default '{}'::jsonb,
  add column is_anonymous boolean not null default false,
  add column invited_at timestamptz,
  add column confirmation_sent_at timestamptz,
  add column recovery_sent_at timestamptz,
  add column email_change text,
  add column email_change_sent_at timestamptz,
  -- How many of the two email-change confirmations (current and new address) arrived.
  add column email_change_confirm_status smallint not null default 0,
  add column banned_until timestamptz;

create table auth_identities (
  id uuid primary key,
  user_id uuid not null references users (id) on delete cascade,
  provider text not null,
  provider_id text not null,
  identity_data jsonb not null default '{}'::jsonb,
  last_sign_in_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (provider, provider_id)
);
create index auth_identities_user_idx on auth_identities (user_id);
insert into auth_identities (id, user_id, provider, provider_id, identity_data, last_sign_in_at, created_at, updated_at)
  select gen_random_uuid(), id, 'email', id::text,
         jsonb_build_object('sub', id::text, 'email', email, 'email_verified', email_confirmed_at is not null, 'phone_verified', false),
         last_sign_in_at, created_at, updated_at
  from users where email is not null;

-- A link or code sent by mail or SMS. Only hashes are kept: a leaked table signs nobody in.
create table auth_one_time_tokens (
  id bigserial primary key,
  user_id uuid not null references users (id) on delete cascade,
  kind text not null,
  -- The address the token was sent to (email or phone).
  relates_to text not null,
  token_hash text not null unique,
  otp_hash text not null,
  -- PKCE: the flow this token completes (its code is answered instead of a session).
  flow_state_id uuid,
  redirect_to text,
  attempts integer not null default 0,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);
create index auth_one_time_tokens_user_idx on auth_one_time_tokens (user_id, kind);

create table auth_flow_states (
  id uuid primary key,
  user_id uuid references users (id) on delete cascade,
  auth_code text unique,
  code_challenge text not null,
  code_challenge_method text not null check (code_challenge_method in ('s256', 'plain')),
  authentication_method text not null,
  created_at timestamptz not null default now(),
  auth_code_issued_at timestamptz
);

create table auth_mfa_factors (
  id uuid primary key,
  user_id uuid not null references users (id) on delete cascade,
  friendly_name text,
  factor_type text not null check (factor_type in ('totp', 'phone')),
  status text not null check (status in ('unverified', 'verified')),
  secret text not null,
  -- The last TOTP time step accepted: a code is never accepted twice.
  last_used_step bigint,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index auth_mfa_factors_name_idx on auth_mfa_factors (user_id, friendly_name) where friendly_name is not null;

create table auth_mfa_challenges (
  id uuid primary key,
  factor_id uuid not null references auth_mfa_factors (id) on delete cascade,
  created_at timestamptz not null default now(),
  verified_at timestamptz,
  ip text
);

alter table auth_sessions
  add column aal text not null default 'aal1' check (aal in ('aal1', 'aal2')),
  -- Authentication methods used in this session: [{ method, timestamp }], as the token's amr claim.
  add column amr jsonb not null default '[]'::jsonb,
  add column factor_id uuid;

create table auth_signing_keys (
  kid text primary key,
  alg text not null,
  private_jwk jsonb not null,
  public_jwk jsonb not null,
  created_at timestamptz not null default now(),
  -- Set when a newer key took over: still published and trusted until tokens it signed expire.
  retired_at timestamptz
);
