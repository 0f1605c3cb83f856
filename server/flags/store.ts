/**
 * Flags in the control plane (migration 0014). Every write raises the revision (a trigger does
 * it, whichever way the write is made), which the configuration's ETag is made from.
 */
import type { FeatureFlag, FlagRule, FlagSettingBody, FlagValue } from '@/lib/api-types'
import type { Queryable } from '../db/control-plane'
import { PlatformError } from '../kernel/errors'

export type FlagRow = { key: string; value: FlagValue; rules: FlagRule[]; updated_at: Date | string }

export type FlagSnapshot = { revision: number; flags: FlagRow[] }

const toFlag = (row: FlagRow): FeatureFlag => ({
  key: row.key,
  value: row.value,
  rules: row.rules,
  updated_at: new Date(row.updated_at).toISOString(),
})

/** Every flag with the revision they are at, read in one statement (so the two always agree). */
export async function readFlags(db: Queryable): Promise<FlagSnapshot> {
  const rows = await db.query<FlagRow & { revision: string | number; key: string | null }>(
    `select r.revision, f.key, f.value, f.rules, f.updated_at
     from feature_flags_revision r left join feature_flags f on true
     order by f.key`
  )
  return { revision: Number(rows[0]?.revision ?? 0), flags: rows.filter((r) => r.key !== null) }
}

export async function readRevision(db: Queryable): Promise<number> {
  const [row] = await db.query<{ revision: string | number }>('select revision from feature_flags_revision', [], { prepare: true })
  return Number(row?.revision ?? 0)
}

export async function listFlags(db: Queryable) {
  const { revision, flags } = await readFlags(db)
  return { revision, flags: flags.map(toFlag) }
}

/** Creates or replaces one flag. */
export async function putFlag(db: Queryable, key: string, setting: FlagSettingBody): Promise<FeatureFlag> {
  const [row] = await db.query<FlagRow>(
    `insert into feature_flags (key, value, rules) values ($1, $2::jsonb, $3::jsonb)
     on conflict (key) do update set value = excluded.value, rules = excluded.rules, updated_at = now()
     returning key, value, rules, updated_at`,
    [key, JSON.stringify(setting.value), JSON.stringify(setting.rules)]
  )
  return toFlag(row)
}

/** Writes the flags that differ from the control plane (the flags file at start: a restart changes nothing). */
export async function putFlagsIfChanged(db: Queryable, flags: Record<string, FlagSettingBody>): Promise<string[]> {
  const entries = Object.entries(flags)
  if (entries.length === 0) return []
  const rows = await db.query<{ key: string }>(
    `insert into feature_flags (key, value, rules)
     select key, value, rules from jsonb_to_recordset($1::jsonb) as t(key text, value jsonb, rules jsonb)
     on conflict (key) do update set value = excluded.value, rules = excluded.rules, updated_at = now()
       where (feature_flags.value, feature_flags.rules) is distinct from (excluded.value, excluded.rules)
     returning key`,
    [JSON.stringify(entries.map(([key, s]) => ({ key, value: s.value, rules: s.rules })))]
  )
  return rows.map((r) => r.key)
}

export async function deleteFlag(db: Queryable, key: string): Promise<{ key: string; deleted: true }> {
  const rows = await db.query('delete from feature_flags where key = $1 returning key', [key])
  if (rows.length === 0) throw new PlatformError(404, `There is no feature flag "${key}".`)
  return { key, deleted: true }
}
