/**
 * Daily caps on what routes open to anonymous callers may store, so that nobody grows the control
 * plane without bound (a per-request rate limit alone still lets one address add megabytes every
 * few minutes, kept for months). Each route has a bucket; each (day, bucket) counts the bytes
 * stored per client address (its network: an IPv6 /64 counts as one address, since a caller
 * may pick any address in it) and in all. An item that would go over either cap is dropped: the
 * caller is answered as usual (there is nothing it could do better), and the drop is counted in
 * the control plane and logged at the 1st, 10th, 100th … drop of the day.
 *
 * Counters live in the control plane, so every app instance counts together; addresses are kept
 * hashed, and only for two days.
 */
import type { Platform } from '../kernel/platform'
import { clientNetwork } from '@/lib/client-network'
import { accountKey } from './rate-limit'

/** Bytes a day; 0 turns a cap off. */
export type DailyCap = { perAddressBytes: number; totalBytes: number }

/** What a stored row costs beyond its text (row header, id, timestamps, index entries). */
export const ROW_OVERHEAD_BYTES = 100

const TOTAL_KEY = '*'
const TODAY = `(now() at time zone 'utc')::date`

/** The bytes an item costs against the caps: its texts as stored (UTF-8) plus a row's overhead. */
export const storedBytes = (...texts: (string | null | undefined)[]) =>
  texts.reduce((sum, text) => sum + (text ? Buffer.byteLength(text) : 0), ROW_OVERHEAD_BYTES)

/**
 * Counts `bytes` against today's caps of `bucket` for `ip`; true when the item may be stored.
 * One statement: the address's row first, then the total's only if the address had room (so an
 * address past its own cap cannot use up everyone's).
 */
export async function withinDailyCap(platform: Platform, bucket: string, ip: string, bytes: number, cap: DailyCap): Promise<boolean> {
  if (cap.perAddressBytes === 0 && cap.totalBytes === 0) return true
  const key = accountKey(clientNetwork(ip))
  const [row] = await platform.db.query<{ address_ok: boolean; total_ok: boolean }>(
    `with address as (
       insert into anonymous_storage_usage as u (day, bucket, key, bytes, rows)
       select ${TODAY}, $1::text, $2::text, $3::bigint, 1 where $4::bigint = 0 or $3 <= $4::bigint
       on conflict (day, bucket, key) do update set bytes = u.bytes + excluded.bytes, rows = u.rows + 1
         where $4::bigint = 0 or u.bytes + excluded.bytes <= $4::bigint
       returning 1
     ), total as (
       insert into anonymous_storage_usage as u (day, bucket, key, bytes, rows)
       select ${TODAY}, $1::text, '${TOTAL_KEY}', $3::bigint, 1 where exists (select 1 from address) and ($5::bigint = 0 or $3 <= $5::bigint)
       on conflict (day, bucket, key) do update set bytes = u.bytes + excluded.bytes, rows = u.rows + 1
         where $5::bigint = 0 or u.bytes + excluded.bytes <= $5::bigint
       returning 1
     )
     select exists (select 1 from address) as address_ok, exists (select 1 from total) as total_ok`,
    [bucket, key, bytes, cap.perAddressBytes, cap.totalBytes]
  )
  if (row.address_ok && row.total_ok) return true
  await countDrop(platform, bucket, row.address_ok ? TOTAL_KEY : key)
  return false
}

async function countDrop(platform: Platform, bucket: string, key: string) {
  const [row] = await platform.db.query<{ dropped: number }>(
    `insert into anonymous_storage_usage as u (day, bucket, key, dropped) values (${TODAY}, $1, $2, 1)
     on conflict (day, bucket, key) do update set dropped = u.dropped + 1
     returning dropped`,
    [bucket, key]
  )
  // 1, 10, 100 …: the log says that drops happen and how many, without a line per drop.
  if (/^10*$/.test(String(row.dropped)))
    console.warn(
      `[${bucket}] daily storage cap ${key === TOTAL_KEY ? 'of all callers' : `of one client address (${key.slice(0, 8)})`} reached: ` +
        `${row.dropped} item${row.dropped === 1 ? '' : 's'} dropped today`
    )
}

/** Forgets counters of days gone (run by the scheduler). */
export async function pruneDailyCaps(platform: Platform) {
  await platform.db.query(`delete from anonymous_storage_usage where day < ${TODAY} - 2`)
}
