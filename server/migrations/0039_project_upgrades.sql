-- Minor upgrades (server/projects/upgrade.ts): what the last upgrade of the project's database did
-- or why it failed: {at, ok, note, postgres, extensions: [{name, from, to}]}; null before the first.
alter table projects add column last_upgrade jsonb;
