/**
 * What one usage sample writes to usage_daily and usage_active_users, per organization and UTC
 * day (the day of the sample's `now`). Each statement covers every organization at once, or the
 * one given (an on-demand sample), and is safe when two app instances run it at the same moment:
 * peaks keep the larger figure, active users are inserted once, and compute time is handed out
 * by a conditional update of projects.compute_counted_until.
 */
import { NOT_ACTIVE_STATUSES } from '@/lib/api-types'
import { dayOf } from '@/lib/billing/period'
import type { Queryable } from '../db/control-plane'

/** Projects whose database is running: they use their disk and their compute. */
export const RUNNING_STATUSES = ['ACTIVE_HEALTHY', 'ACTIVE_UNHEALTHY', 'RESTARTING', 'RESTORING', 'PAUSE_FAILED']

/** `organizationId` null: every organization. */
type Scope = { now: Date; organizationId: number | null }

const KEEP_PEAK = `on conflict (organization_id, day, metric, project_ref) do update
    set value = greatest(usage_daily.value, excluded.value), project_name = excluded.project_name, updated_at = now()`

/** DATABASE_SIZE: each running project's size as last measured, the day's latest kept. */
export async function recordDatabaseSizes(db: Queryable, { now, organizationId }: Scope) {
  await db.query(
    `insert into usage_daily (organization_id, day, metric, project_ref, project_name, value)
     select organization_id, $2::date, 'DATABASE_SIZE', ref, name, db_size_bytes
       from projects
      where status = any($1::text[]) and db_size_bytes is not null and ($3::bigint is null or organization_id = $3)
     on conflict (organization_id, day, metric, project_ref) do update
       set value = excluded.value, project_name = excluded.project_name, updated_at = now()`,
    [RUNNING_STATUSES, dayOf(now), organizationId]
  )
}

/**
 * STORAGE_SIZE: the bytes each project keeps in storage, from the platform's own account of them
 * (storage_versions; never the project's `storage` schema, which its SQL may change), paused
 * projects' files included; the day's latest kept, 0 for a project that keeps none.
 */
export async function recordStorageSizes(db: Queryable, { now, organizationId }: Scope) {
  await db.query(
    `insert into usage_daily (organization_id, day, metric, project_ref, project_name, value)
     select p.organization_id, $1::date, 'STORAGE_SIZE', p.ref, p.name,
            coalesce((select sum(v.size_bytes) from storage_versions v where v.project_ref = p.ref), 0)
       from projects p
      where p.status <> 'REMOVED' and ($2::bigint is null or p.organization_id = $2)
     on conflict (organization_id, day, metric, project_ref) do update
       set value = excluded.value, project_name = excluded.project_name, updated_at = now()`,
    [dayOf(now), organizationId]
  )
}

/**
 * STORAGE_IMAGE_TRANSFORMATIONS: the images each project transformed for the first time this
 * month, per day (storage_image_transformations), so that the month's sum is its distinct images.
 * Today's and yesterday's are counted again at each sample: a transformation after the last
 * sample of a day is in its day's figure all the same.
 */
export async function recordImageTransformations(db: Queryable, { now, organizationId }: Scope) {
  const yesterday = new Date(now.getTime() - 24 * 3600 * 1000)
  await db.query(
    `insert into usage_daily (organization_id, day, metric, project_ref, project_name, value)
     select p.organization_id, t.first_day, 'STORAGE_IMAGE_TRANSFORMATIONS', p.ref, p.name, count(*)
       from storage_image_transformations t join projects p on p.ref = t.project_ref
      where t.first_day = any($1::date[]) and ($2::bigint is null or p.organization_id = $2)
      group by p.organization_id, t.first_day, p.ref, p.name
     on conflict (organization_id, day, metric, project_ref) do update
       set value = excluded.value, project_name = excluded.project_name, updated_at = now()`,
    [[dayOf(yesterday), dayOf(now)], organizationId]
  )
}

/** ACTIVE_PROJECTS: the organization's projects that are not paused or going away, the day's peak. */
export async function recordActiveProjects(db: Queryable, { now, organizationId }: Scope) {
  await db.query(
    `insert into usage_daily (organization_id, day, metric, project_ref, value)
     select organization_id, $2::date, 'ACTIVE_PROJECTS', '', count(*)
       from projects
      where status <> all($1::text[]) and ($3::bigint is null or organization_id = $3)
      group by organization_id
     ${KEEP_PEAK}`,
    [NOT_ACTIVE_STATUSES, dayOf(now), organizationId]
  )
}

/**
 * COMPUTE_HOURS: each running project's time since the sample before, at most `capMs` (an app
 * that was down does not bill its downtime), added in hours. The rows are locked and moved on in
 * the same statement that adds the time: a second instance sampling at once waits, then sees the
 * moved mark and adds only what came after it. A project's first sample (and its first after a
 * pause) only sets the mark.
 */
export async function recordComputeHours(db: Queryable, { now, organizationId }: Scope, capMs: number) {
  await db.query(
    `update projects set compute_counted_until = null
      where compute_counted_until is not null and status <> all($1::text[]) and ($2::bigint is null or organization_id = $2)`,
    [RUNNING_STATUSES, organizationId]
  )
  await db.query(
    `with due as (
       select id, organization_id, ref, name, compute_counted_until as since
         from projects
        where status = any($1::text[]) and ($4::bigint is null or organization_id = $4)
          and (compute_counted_until is null or compute_counted_until < $2::timestamptz)
        for update
     ), moved as (
       update projects p set compute_counted_until = $2::timestamptz
         from due where p.id = due.id
       returning due.organization_id, due.ref, due.name, due.since
     )
     insert into usage_daily (organization_id, day, metric, project_ref, project_name, value)
     select organization_id, $3::date, 'COMPUTE_HOURS', ref, name,
            (least(extract(epoch from ($2::timestamptz - since))::float8, $5::float8) / 3600)::numeric
       from moved
      where since is not null
     on conflict (organization_id, day, metric, project_ref) do update
       set value = usage_daily.value + excluded.value, project_name = excluded.project_name, updated_at = now()`,
    [RUNNING_STATUSES, now, dayOf(now), organizationId, capMs / 1000]
  )
}

/**
 * MONTHLY_ACTIVE_USERS: the organization's members who were issued a session or refreshed one
 * (refresh_tokens.created_at), or signed in (users.last_sign_in_at), on a day — from the start of
 * the day before, so that activity just before midnight is not lost to a sample just after it.
 */
export async function recordActiveUsers(db: Queryable, { now, organizationId }: Scope) {
  const since = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - 1))
  await db.query(
    `insert into usage_active_users (organization_id, day, user_id)
     select distinct m.organization_id, (a.at at time zone 'UTC')::date, a.user_id
       from (select user_id, created_at as at from refresh_tokens where created_at >= $1
             union all
             select id, last_sign_in_at from users where last_sign_in_at >= $1) a
       join profiles pr on pr.user_id = a.user_id
       join organization_members m on m.profile_id = pr.id
      where ($2::bigint is null or m.organization_id = $2)
     on conflict do nothing`,
    [since, organizationId]
  )
}
