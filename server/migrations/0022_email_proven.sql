-- When the holder of a user's account proved its email: its sign-up or invitation link or code
-- used, an email change to it confirmed, a provider that verified the address, an admin who
-- confirmed it, or a magic link, mailed code or recovery (the first of which drops what was set up
-- before, server/auth/first-proof.ts). email_confirmed_at alone is no proof: with
-- MAILER_AUTOCONFIRM anyone can register any address and count as confirmed at once. A provider
-- sign-in merges into an account only with a proven address intact (server/auth/oauth-accounts.ts).
alter table users add column email_proven_at timestamptz;

-- Accounts from before: proven when a confirmation or invitation was mailed before the address was
-- confirmed (its link or an admin confirmed it), or a provider verified that very address.
update users u
   set email_proven_at = u.email_confirmed_at
 where u.email is not null
   and u.email_confirmed_at is not null
   and (u.confirmation_sent_at is not null
        or exists (select 1 from auth_identities i
                    where i.user_id = u.id and i.provider not in ('email', 'phone')
                      and lower(i.identity_data ->> 'email') = u.email
                      and i.identity_data ->> 'email_verified' = 'true'));
