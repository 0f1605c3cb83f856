-- A browser sends identify and its next page view together, right after sign-up. Each used to
-- read the other's work from before it committed: the page view found no link yet, and identify's
-- claim of the browser's earlier rows did not see the page view, which stayed nobody's. Both now
-- take a lock on the anonymous id first, and the page view reads the link after it holds the lock,
-- so whichever comes second sees what the first wrote.
create function telemetry_identity_lock(anonymous_id uuid) returns void language sql as $$
  select pg_advisory_xact_lock(hashtext('supaboard.telemetry-identity'), hashtext(anonymous_id::text))
$$;

-- A trigger's queries each read what was committed when they start (not when the insert started):
-- the link is looked up after the lock is held.
create or replace function telemetry_events_fill_user() returns trigger language plpgsql as $$
begin
  if new.user_id is null and new.profile_id is not null then
    select p.user_id into new.user_id from profiles p where p.id = new.profile_id;
  end if;
  if new.user_id is null and new.anonymous_id is not null then
    perform telemetry_identity_lock(new.anonymous_id);
    select i.user_id into new.user_id from telemetry_identities i where i.anonymous_id = new.anonymous_id;
  end if;
  return new;
end
$$;
