/**
 * Auth hooks: Postgres functions the auth service calls at fixed points, with the event as jsonb,
 * and whose jsonb answer it follows. An answer with `error` ({ http_code, message }) stops the
 * flow and is passed on to the client as that status and message.
 */
import { hookGrants } from '../shared'
import { joinSql, sql, type Snippet } from '../types'

/** The message both attempt limits answer with (SPEC §8), as an HTTP 429. */
export const RATE_LIMIT_MESSAGE = 'Please wait a moment before trying again.'

export const mfaVerificationAttemptLimit: Snippet = {
  id: 18,
  type: 'template',
  title: 'MFA verification attempt limit',
  description:
    'An MFA verification hook that allows one attempt per factor every 2 seconds; a quicker retry gets HTTP 429.',
  sql: joinSql(
    sql`
      -- When each user last tried each factor. Only the hook reads and writes it.
      create table public.mfa_verification_attempts (
        user_id uuid not null,
        factor_id uuid not null,
        last_attempt_at timestamptz not null,
        primary key (user_id, factor_id)
      );
      alter table public.mfa_verification_attempts enable row level security;

      -- Called for every MFA verification attempt with {"user_id", "factor_id", "valid", ...}.
      -- The attempt is recorded only when the previous one is at least 2 seconds old; the
      -- upsert does check and write in one statement, so two attempts at once cannot both pass.
      create or replace function public.mfa_verification_attempt_limit(event jsonb)
      returns jsonb
      language plpgsql
      security definer
      set search_path = ''
      as $$
      begin
        insert into public.mfa_verification_attempts as a (user_id, factor_id, last_attempt_at)
        values ((event ->> 'user_id')::uuid, (event ->> 'factor_id')::uuid, clock_timestamp())
        on conflict (user_id, factor_id) do update
          set last_attempt_at = excluded.last_attempt_at
          where a.last_attempt_at <= excluded.last_attempt_at - interval '2 seconds';

        if not found then
          return jsonb_build_object(
            'error', jsonb_build_object('http_code', 429, 'message', 'Please wait a moment before trying again.')
          );
        end if;
        return jsonb_build_object('decision', 'continue');
      end;
      $$;
    `,
    hookGrants('public.mfa_verification_attempt_limit(jsonb)')
  ),
}

export const passwordVerificationAttemptLimit: Snippet = {
  id: 19,
  type: 'template',
  title: 'Password verification attempt limit',
  description:
    'A password verification hook that, after a wrong password, refuses the next attempt for 10 seconds with HTTP 429.',
  sql: joinSql(
    sql`
      -- The last wrong password per user. Only the hook reads and writes it.
      create table public.password_failed_verification_attempts (
        user_id uuid primary key,
        last_failed_at timestamptz not null
      );
      alter table public.password_failed_verification_attempts enable row level security;

      -- Called for every password check with {"user_id", "valid"}. Within 10 seconds of a wrong
      -- password every attempt is refused, right or wrong, so the answer gives nothing away.
      create or replace function public.password_verification_attempt_limit(event jsonb)
      returns jsonb
      language plpgsql
      security definer
      set search_path = ''
      as $$
      declare
        attempt_user uuid := (event ->> 'user_id')::uuid;
        last_failed timestamptz;
      begin
        select f.last_failed_at into last_failed
        from public.password_failed_verification_attempts f
        where f.user_id = attempt_user
        for update;

        if last_failed is not null and clock_timestamp() - last_failed < interval '10 seconds' then
          return jsonb_build_object(
            'error', jsonb_build_object('http_code', 429, 'message', 'Please wait a moment before trying again.')
          );
        end if;

        if coalesce((event ->> 'valid')::boolean, false) then
          delete from public.password_failed_verification_attempts f where f.user_id = attempt_user;
        else
          insert into public.password_failed_verification_attempts (user_id, last_failed_at)
          values (attempt_user, clock_timestamp())
          on conflict (user_id) do update set last_failed_at = excluded.last_failed_at;
        end if;
        return jsonb_build_object('decision', 'continue');
      end;
      $$;
    `,
    hookGrants('public.password_verification_attempt_limit(jsonb)')
  ),
}

export const customAccessToken: Snippet = {
  id: 20,
  type: 'template',
  title: 'Custom access token hook',
  description:
    'A hook that adds an app_role claim to every access token issued, from a table of roles per user (member when none).',
  sql: joinSql(
    sql`
      create table public.account_roles (
        user_id uuid primary key,
        role text not null check (role in ('admin', 'editor', 'member'))
      );
      alter table public.account_roles enable row level security;

      -- Called before a token is issued with {"user_id", "claims", "authentication_method"};
      -- answers the event with its claims extended. The token carries whatever claims come back.
      create or replace function public.custom_access_token(event jsonb)
      returns jsonb
      language plpgsql
      stable
      security definer
      set search_path = ''
      as $$
      declare
        granted text;
      begin
        select r.role into granted
        from public.account_roles r
        where r.user_id = (event ->> 'user_id')::uuid;

        return jsonb_set(
          event,
          '{claims}',
          coalesce(event -> 'claims', '{}'::jsonb) || jsonb_build_object('app_role', coalesce(granted, 'member'))
        );
      end;
      $$;
    `,
    hookGrants('public.custom_access_token(jsonb)')
  ),
}

export const generalAuthHook: Snippet = {
  id: 21,
  type: 'template',
  title: 'General auth hook',
  description:
    'The shape every auth hook shares, shown on sign-up: refuse addresses from listed email domains with HTTP 403, let the rest through.',
  sql: joinSql(
    sql`
      create table public.blocked_email_domains (
        domain text primary key check (domain = lower(domain))
      );
      alter table public.blocked_email_domains enable row level security;

      -- A hook takes the event as jsonb and answers jsonb: an empty object lets the flow go on,
      -- {"error": {"http_code", "message"}} stops it with that status and message.
      create or replace function public.auth_hook(event jsonb)
      returns jsonb
      language plpgsql
      stable
      security definer
      set search_path = ''
      as $$
      declare
        email text := lower(coalesce(event -> 'user' ->> 'email', event ->> 'email', ''));
      begin
        if exists (
          select 1 from public.blocked_email_domains d
          where d.domain = split_part(email, '@', 2)
        ) then
          return jsonb_build_object(
            'error', jsonb_build_object('http_code', 403, 'message', 'Sign-ups from this email domain are not allowed.')
          );
        end if;
        return '{}'::jsonb;
      end;
      $$;
    `,
    hookGrants('public.auth_hook(jsonb)')
  ),
}
