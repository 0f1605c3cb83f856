-- GitHub accounts connected to an organization through the platform's GitHub app. The tokens
-- GitHub gave for the account stay here: no answer of the platform ever contains them. One row
-- per account and organization: connecting the same account again refreshes its tokens.
create table github_connections (
  id bigserial primary key,
  organization_id bigint not null references organizations (id) on delete cascade,
  -- GitHub's numeric user id, as text (the API answers a number; kept exact).
  github_account_id text not null,
  github_login text not null,
  github_avatar_url text,
  access_token text not null,
  refresh_token text,
  -- When access_token stops working (GitHub apps with expiring user tokens); null: it does not expire.
  access_token_expires_at timestamptz,
  connected_by bigint references profiles (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (organization_id, github_account_id)
);
