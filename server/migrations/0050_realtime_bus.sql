-- Realtime's bus between app copies (server/realtime/bus.ts) goes by NOTIFY, whose payload is at
-- most 8,000 bytes: a larger message is kept here for the copies to read, and removed after a while.
create table realtime_bus_messages (
  id bigint generated always as identity primary key,
  payload text not null,
  created_at timestamptz not null default now()
);
create index realtime_bus_messages_created_at on realtime_bus_messages (created_at);
