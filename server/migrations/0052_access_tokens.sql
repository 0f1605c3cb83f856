-- Personal access tokens (Account → Access tokens): a user's token for the Management API
-- (`/v1/…`), as Supabase's CLI and tooling send it. Only its sha256 is kept; the token is shown
-- once, at its creation. It acts with its owner's roles, until it expires or is revoked.
create table access_tokens (
  id uuid primary key,
  user_id uuid not null references users (id) on delete cascade,
  name text not null check (char_length(name) between 1 and 100),
  token_hash text not null unique,
  -- The token's first and last characters, so a list can tell tokens apart.
  token_alias text not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz,
  last_used_at timestamptz
);
create index access_tokens_user on access_tokens (user_id, created_at desc);
