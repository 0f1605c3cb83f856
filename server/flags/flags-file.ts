/**
 * FEATURE_FLAGS_FILE: flags an operator keeps in a JSON file (under version control), read with
 * the configuration and applied at every start. The file decides the flags it names; flags it does
 * not name keep what the admin API gave them. Only flags that differ are written, so restarting N
 * instances changes nothing. A file that cannot be read or is not valid stops the start, naming
 * what is wrong: a typo must not silently leave a banner up.
 *
 *   { "flags": { "noticeBanner": { "value": "Maintenance on Sunday", "rules": [] } } }
 */
import fs from 'node:fs'
import { z } from 'zod'
import { flagKey, flagSettingBody, type FlagSettingBody } from '@/lib/api-types'
import type { Queryable } from '../db/control-plane'
import { putFlagsIfChanged } from './store'

const flagsFile = z.strictObject({ flags: z.record(flagKey, flagSettingBody) })

export function readFlagsFile(file: string): Record<string, FlagSettingBody> {
  let text: string
  try {
    text = fs.readFileSync(file, 'utf8')
  } catch (error) {
    throw new Error(`FEATURE_FLAGS_FILE ${file} cannot be read: ${(error as Error).message}`)
  }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (error) {
    throw new Error(`FEATURE_FLAGS_FILE ${file} is not valid JSON: ${(error as Error).message}`)
  }
  const parsed = flagsFile.safeParse(json)
  // Each problem with where it is: the operator's file may name many flags.
  if (!parsed.success)
    throw new Error(`FEATURE_FLAGS_FILE ${file} is not valid: ${parsed.error.issues.map((i) => `${i.path.join('.') || '(file)'}: ${i.message}`).join('; ')}`)
  return parsed.data.flags
}

/** Writes the flags of the file, when one is configured; answers the keys it changed. */
export async function applyFlagsFile(db: Queryable, file: { path: string; flags: Record<string, FlagSettingBody> } | undefined): Promise<string[]> {
  if (!file) return []
  const changed = await putFlagsIfChanged(db, file.flags)
  if (changed.length) console.info(`Feature flags from ${file.path}: ${changed.join(', ')} updated.`)
  return changed
}
