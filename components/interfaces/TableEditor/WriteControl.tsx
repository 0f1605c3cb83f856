import type { ReactNode } from 'react'
import { Tooltip } from '@/components/ui'

export const READ_ONLY_NOTE = 'Your role can read tables but not change them.'

/** A change control for a role that may not change anything: shown disabled, the reason beside it. */
export function WriteControl({ hint, children }: { hint?: string; children: ReactNode }) {
  return hint ? <Tooltip content={hint}>{children}</Tooltip> : <>{children}</>
}
