import { sql, type Snippet } from '../types'

export const nextAuthSchemaSetup: Snippet = {
  id: 27,
  type: 'quickstart',
  title: 'NextAuth Schema Setup',
  description:
    'The next_auth schema a database adapter for NextAuth.js reads and writes: users, accounts, sessions and verification tokens.',
  sql: sql`
    -- Column names are the adapter's (camelCase, hence quoted): keep them as they are.
    create schema next_auth;

    create table next_auth.users (
      id uuid primary key default gen_random_uuid(),
      name text,
      email text unique,
      "emailVerified" timestamptz,
      image text
    );

    -- Sign-in methods linked to a user (OAuth providers, email).
    create table next_auth.accounts (
      id uuid primary key default gen_random_uuid(),
      "userId" uuid not null references next_auth.users (id) on delete cascade,
      type text not null,
      provider text not null,
      "providerAccountId" text not null,
      refresh_token text,
      access_token text,
      expires_at bigint,
      token_type text,
      scope text,
      id_token text,
      session_state text,
      oauth_token_secret text,
      oauth_token text,
      unique (provider, "providerAccountId")
    );

    create table next_auth.sessions (
      id uuid primary key default gen_random_uuid(),
      "sessionToken" text not null unique,
      "userId" uuid not null references next_auth.users (id) on delete cascade,
      expires timestamptz not null
    );

    -- One-time tokens of passwordless (email) sign-in.
    create table next_auth.verification_tokens (
      identifier text not null,
      token text primary key,
      expires timestamptz not null,
      unique (identifier, token)
    );

    -- The signed-in user's id, from the claims of the request's JWT, for row-level security
    -- policies on your own tables: using (next_auth.uid() = user_id).
    create function next_auth.uid() returns uuid
    language sql
    stable
    as $$
      select coalesce(
        nullif(current_setting('request.jwt.claim.sub', true), ''),
        nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub'
      )::uuid;
    $$;

    -- The adapter connects with the service role: give it this schema where that role exists.
    do $grant$
    begin
      if exists (select 1 from pg_roles where rolname = 'service_role') then
        grant usage on schema next_auth to service_role;
        grant all on all tables in schema next_auth to service_role;
      end if;
    end
    $grant$;
  `,
}
