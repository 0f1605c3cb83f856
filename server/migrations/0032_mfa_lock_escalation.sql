-- Locks of a TOTP factor since its last right code: each lock lasts twice as long as the one
-- before (MFA_FACTOR_LOCK_SECONDS, then ×2, ×4 … up to a day), so guessing slows down over time
-- instead of getting a fresh budget at every lock (server/auth/mfa.ts).
alter table auth_mfa_factors add column lock_count integer not null default 0;
