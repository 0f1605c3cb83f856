-- A proof belongs to the address that was proven, not to the account: whenever users.email changes
-- (an identity unlinked and another's address promoted, an admin edit, an email change, an account
-- deleted), email_proven_at goes with the old address, unless the same update proves the new one
-- (sets email_proven_at itself, as a confirmed email change or a provider that verified it does).
-- Otherwise an account could carry a proof of one address over to another nobody proved, and a
-- provider sign-in would merge into it without dropping what its holder set up (first-proof.ts).
create function users_email_proof_follows_address() returns trigger language plpgsql as $$
begin
  if new.email is distinct from old.email and new.email_proven_at is not distinct from old.email_proven_at then
    new.email_proven_at := null;
  end if;
  return new;
end
$$;

create trigger users_email_proof_follows_address before update of email on users
  for each row execute function users_email_proof_follows_address();
