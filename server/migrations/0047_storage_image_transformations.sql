-- Image transformations are billed per distinct origin image a month (SPEC §9: 100 included,
-- then $5 per 1000), as Supabase counts them: one row per object version a project transformed in
-- a calendar month (UTC), however often and into however many sizes. `first_day` is the day it
-- was first transformed that month: the usage sample adds each day's new images to usage_daily.
create table storage_image_transformations (
  project_ref text not null,
  month date not null,
  version text not null,
  first_day date not null,
  primary key (project_ref, month, version)
);
create index storage_image_transformations_day on storage_image_transformations (first_day);
