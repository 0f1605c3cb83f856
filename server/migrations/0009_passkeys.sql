-- Passkeys (WebAuthn credentials) a user signs in with, and the challenges of their ceremonies.

create table auth_passkeys (
  id uuid primary key,
  user_id uuid not null references users (id) on delete cascade,
  -- The credential's raw id as the authenticator made it: unique across all users.
  credential_id bytea not null unique,
  -- COSE public key.
  public_key bytea not null,
  -- Signature counter last seen; an assertion must raise it (unless the authenticator keeps none: 0).
  counter bigint not null default 0 check (counter >= 0 and counter <= 4294967295),
  transports jsonb not null default '[]'::jsonb,
  friendly_name text not null default '',
  aaguid uuid,
  -- The relying party (host name) it was made for: it signs in there only.
  rp_id text not null,
  backup_eligible boolean not null default false,
  backed_up boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  last_used_at timestamptz
);
create index auth_passkeys_user_idx on auth_passkeys (user_id, created_at);

-- A challenge is used once (deleted as it is checked) and only until it expires. Registration
-- challenges belong to the signed-in user who asked; sign-in challenges to nobody yet.
create table auth_passkey_challenges (
  id uuid primary key,
  kind text not null check (kind in ('registration', 'authentication')),
  user_id uuid references users (id) on delete cascade,
  challenge text not null,
  -- What the answer must have been made for: the relying party and the page's origin.
  rp_id text not null,
  origin text not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  check ((kind = 'registration') = (user_id is not null))
);
create index auth_passkey_challenges_expiry_idx on auth_passkey_challenges (expires_at);
create index auth_passkey_challenges_user_idx on auth_passkey_challenges (user_id, created_at) where user_id is not null;
