import clsx from 'clsx'
import { STRENGTH_MESSAGES, STRENGTH_WIDTHS } from '@/lib/password-strength'
import type { PasswordCheckResult } from '@/lib/api-types'

const COLORS = ['bg-destructive', 'bg-destructive', 'bg-warning', 'bg-warning', 'bg-brand'] as const

/** The bar and message of SPEC §5 for a scored password; a calm placeholder while unscored. */
export function PasswordStrengthBar({ result }: { result: PasswordCheckResult['result'] | null }) {
  const score = result?.score ?? null
  return (
    <div className="flex flex-col gap-1" aria-live="polite" data-testid="password-strength">
      <div className="h-1 w-full overflow-hidden rounded bg-border" aria-hidden>
        <div
          className={clsx('h-full rounded transition-all duration-300', score === null ? 'bg-transparent' : COLORS[score])}
          style={{ width: score === null ? '0%' : STRENGTH_WIDTHS[score] }}
          data-score={score ?? undefined}
        />
      </div>
      <p className="text-xs text-foreground-light">
        {score === null ? 'Use at least 6 characters; a few unrelated words make a strong password.' : STRENGTH_MESSAGES[score]}
        {result?.feedback.suggestions.length ? ` ${result.feedback.suggestions.join(' ')}` : ''}
      </p>
    </div>
  )
}
