-- Requests sent from the support form (/support/new) by a signed-in user: kept here whatever
-- happens to the mail, so that an operator finds every request (server/support/requests.ts).
-- `emailed_to` is the support address it was mailed to (SUPPORT_EMAIL through SMTP_URL); null
-- when it was not mailed, with `not_emailed_reason` saying why.
create table support_requests (
  id uuid primary key,
  created_at timestamptz not null default now(),
  user_id uuid references users (id) on delete set null,
  email text,
  category text not null,
  subject text not null,
  message text not null,
  emailed_to text,
  not_emailed_reason text
);

create index support_requests_created_at on support_requests (created_at);
