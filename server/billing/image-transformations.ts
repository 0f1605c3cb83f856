/**
 * Image transformations as billed (SPEC §9): distinct origin images a project transformed in a
 * calendar month (UTC), each counted once however often it is served and into however many
 * sizes (migration 0047). Written as a transformation is answered; the usage sample adds each
 * day's new images to usage_daily (daily-usage.ts). Self-hosted mode has no billing.
 */
import { dayOf, monthOf } from '@/lib/billing/period'
import type { Platform } from '../kernel/platform'

export async function countImageTransformation(platform: Platform, projectRef: string, version: string, now = new Date()): Promise<void> {
  if (!platform.config.isPlatform) return
  await platform.db.query(
    `insert into storage_image_transformations (project_ref, month, version, first_day) values ($1, $2::date, $3, $4::date)
     on conflict do nothing`,
    [projectRef, dayOf(monthOf(now).start), version, dayOf(now)]
  )
}
