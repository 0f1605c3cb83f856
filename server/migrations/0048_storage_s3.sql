-- A project's storage settings (Project settings → Storage): the largest file it takes, at most
-- its plan's upload size; no row, or null, for the plan's.
create table project_storage_settings (
  project_ref text primary key,
  file_size_limit bigint check (file_size_limit > 0),
  updated_at timestamptz not null default now()
);

-- The S3 protocol of a project's storage (server/storage/s3/).
--
-- Access keys: an S3 client signs each request (AWS Signature Version 4) with the secret, so the
-- platform keeps the secret itself, as it keeps each project's JWT secret; revoking a key removes
-- its row. A key acts as the project's service role.
create table storage_s3_access_keys (
  id uuid primary key default gen_random_uuid(),
  project_ref text not null,
  description text not null,
  access_key_id text not null unique,
  secret_access_key text not null,
  created_at timestamptz not null default now()
);
create index storage_s3_access_keys_project on storage_s3_access_keys (project_ref);

-- Multipart uploads under way: each part's bytes are an object version of the project
-- (storage_versions lists them), put together into one new version when the upload completes,
-- removed with their parts after a day unfinished.
create table storage_s3_multipart_uploads (
  upload_id text primary key,
  project_ref text not null,
  bucket_id text not null,
  object_name text not null,
  owner text,
  content_type text not null,
  cache_control text,
  user_metadata jsonb not null default '{}',
  created_at timestamptz not null default now(),
  -- Set while one request puts the parts together: a second complete or an abort waits its turn.
  completing_at timestamptz
);
create index storage_s3_multipart_uploads_project on storage_s3_multipart_uploads (project_ref, bucket_id, object_name);

create table storage_s3_multipart_parts (
  upload_id text not null references storage_s3_multipart_uploads (upload_id) on delete cascade,
  part_number int not null check (part_number between 1 and 10000),
  version text not null,
  size_bytes bigint not null,
  etag text not null,
  primary key (upload_id, part_number)
);

-- Resumable (TUS) uploads under way (server/storage/resumable-store.ts): the offset reached and
-- the parts stored so far, each a version of the project's (storage_versions lists them), put
-- together into the object with the last chunk. The platform's rows, so every app copy can take
-- an upload's next chunk, after a restart too.
create table storage_resumable_uploads (
  id text primary key,
  project_ref text not null,
  size bigint,
  upload_offset bigint not null default 0,
  metadata jsonb not null default '{}',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index storage_resumable_uploads_project on storage_resumable_uploads (project_ref);

create table storage_resumable_parts (
  upload_id text not null references storage_resumable_uploads (id) on delete cascade,
  seq int not null,
  version text not null,
  size_bytes bigint not null,
  primary key (upload_id, seq)
);
