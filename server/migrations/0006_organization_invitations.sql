-- Invitations to join an organization with a role. The token travels in the /join link; Owners
-- and Admins can show the link again, so it is kept as it was handed out. A token answers once:
-- accepting, declining or revoking moves it out of 'pending' for good.
create table organization_invitations (
  id bigserial primary key,
  organization_id bigint not null references organizations (id) on delete cascade,
  -- Stored lower-cased: the invited person's address is matched case-insensitively.
  email text not null check (email = lower(email)),
  role text not null check (role in ('Owner', 'Admin', 'Developer', 'Read-only')),
  token text not null unique,
  invited_by bigint references profiles (id) on delete set null,
  status text not null default 'pending' check (status in ('pending', 'accepted', 'declined', 'revoked')),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  responded_at timestamptz,
  responded_by bigint references profiles (id) on delete set null
);

-- One open invitation per address and organization: two admins inviting the same person at once
-- cannot leave two live links behind.
create unique index organization_invitations_pending_idx on organization_invitations (organization_id, email)
  where status = 'pending';
