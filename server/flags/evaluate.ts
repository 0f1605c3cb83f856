/** A flag's value for one user: the first rule naming them, else the flag's own value. */
import type { EvaluatedFlags, FlagValue } from '@/lib/api-types'
import type { FlagRow } from './store'

export function evaluateFlag(flag: Pick<FlagRow, 'value' | 'rules'>, userId: string | null): FlagValue {
  const id = userId?.toLowerCase()
  if (id) for (const rule of flag.rules) if (rule.userIds.includes(id)) return rule.value
  return flag.value
}

export function evaluateFlags(flags: FlagRow[], userId: string | null): EvaluatedFlags {
  return Object.fromEntries(flags.map((flag) => [flag.key, evaluateFlag(flag, userId)]))
}
