-- Compute size (server/projects/compute.ts): the size whose limits were last put on the project's
-- database (null: never chosen, the plan's default size is shown and the server's defaults hold),
-- and the size a RESIZING project is being moved to.
alter table projects add column compute_size text check (compute_size in ('nano', 'micro', 'small', 'medium', 'large'));
alter table projects add column resizing_to text check (resizing_to in ('nano', 'micro', 'small', 'medium', 'large'));
