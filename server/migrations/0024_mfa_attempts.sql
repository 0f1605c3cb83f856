-- Wrong TOTP codes are counted on the challenge and on the factor, whatever address they came
-- from: a challenge dies after a few, and a factor that keeps failing is locked for a while
-- (server/auth/mfa.ts; the limits are MFA_CHALLENGE_MAX_ATTEMPTS, MFA_FACTOR_MAX_FAILURES and
-- MFA_FACTOR_LOCK_SECONDS).
alter table auth_mfa_challenges add column failed_attempts integer not null default 0;

alter table auth_mfa_factors
  -- Wrong codes since the last right one (or the last lock).
  add column failed_attempts integer not null default 0,
  add column locked_until timestamptz;
