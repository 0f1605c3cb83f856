-- When a refresh token was spent: a retry within a few seconds (a lost answer, a second tab) gets
-- the session's current token instead of ending the session.
alter table refresh_tokens add column revoked_at timestamptz;
