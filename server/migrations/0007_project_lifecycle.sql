-- Project lifecycle: pause, restore, restart and delete run in the background like provisioning
-- (a lease on the row, several app instances never do the same work twice, a transition left
-- behind by a stopped server is picked up again); inactivity pauses free projects; preview
-- branches point at their parent.
alter table projects
  -- A SQL run or an action on the project; free projects idle for longer are paused.
  add column last_activity_at timestamptz not null default now(),
  -- Attempts of the current background transition (deleting retries until it is done).
  add column transition_attempts integer not null default 0,
  add column next_transition_at timestamptz,
  -- Set for a preview branch: the project whose schema it was made from.
  add column parent_project_ref text references projects (ref);

create index projects_transitions_idx on projects (next_transition_at)
  where status in ('PAUSING', 'RESTORING', 'RESTARTING', 'GOING_DOWN');
create index projects_parent_idx on projects (parent_project_ref) where parent_project_ref is not null;
create index projects_inactivity_idx on projects (last_activity_at) where plan = 'free' and status = 'ACTIVE_HEALTHY';
