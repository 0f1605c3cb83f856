/**
 * Image transformations as billed (SPEC §9): distinct origin images a project transformed in a
 * calendar month (UTC), each counted once however often it is served and into however many
 * sizes (migration 0047). Written as a transformation is answered; the usage sample adds each
 * day's new images to usage_daily (daily-usage.ts). Self-hosted mode has no billing.
 */
import { dayOf, monthOf } from '@/lib/billing/period'
import type { Platform } from '../kernel/platform'

/**
 * Images this app copy has already counted this month: an image served again and again (a page
 * of thumbnails) writes its row once, not at every request. Forgotten when it grows large.
 */
const counted = new Set<string>()
const COUNTED_KEPT = 10_000

export async function countImageTransformation(platform: Platform, projectRef: string, version: string, now = new Date()): Promise<void> {
  if (!platform.config.isPlatform) return
  const month = dayOf(monthOf(now).start)
  const key = `${projectRef}/${month}/${version}`
  if (counted.has(key)) return
  await platform.db.query(
    `insert into storage_image_transformations (project_ref, month, version, first_day) values ($1, $2::date, $3, $4::date)
     on conflict do nothing`,
    [projectRef, month, version, dayOf(now)]
  )
  if (counted.size >= COUNTED_KEPT) counted.clear()
  counted.add(key)
}
