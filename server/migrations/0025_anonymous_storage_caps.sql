-- What routes open to anonymous callers (telemetry page views and events, client error reports)
-- stored each day (UTC), per client address (hashed: key) and in all (key '*'): past a cap what
-- comes is dropped and counted (server/security/daily-caps.ts). Rows older than two days are
-- deleted by the scheduler.
create table anonymous_storage_usage (
  day date not null,
  bucket text not null,
  key text not null,
  bytes bigint not null default 0,
  rows integer not null default 0,
  -- Items dropped because this row's cap was full.
  dropped integer not null default 0,
  primary key (day, bucket, key)
);
