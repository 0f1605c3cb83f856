-- Sign-in and identity linking through OAuth 2 providers. The way from /authorize to the
-- provider and back to /callback is a flow state: its id is the `state` sent to the provider, so a
-- state nobody issued is not found, and one that was used is refused. A flow without PKCE (tokens
-- in the redirect) has no code challenge.
alter table auth_flow_states
  alter column code_challenge drop not null,
  alter column code_challenge_method drop not null,
  -- The provider the flow signs in with; null for the PKCE flows of mailed links.
  add column provider_type text,
  -- Where the browser goes when the flow ends (already checked against the allow-list).
  add column redirect_to text,
  -- Set when a signed-in user links a provider: the identity is added to this user.
  add column linking_target_id uuid references users (id) on delete cascade,
  -- When the provider sent the browser back: a state is used once.
  add column callback_at timestamptz;

-- Abandoned flows (the user never came back from the provider) are pruned by age.
create index auth_flow_states_oauth_created_idx on auth_flow_states (created_at) where provider_type is not null;

-- A provider's verified address is matched against the addresses of identities (GoTrue's linking).
create index auth_identities_email_idx on auth_identities (lower(identity_data ->> 'email'));
