import { useEffect, useState } from 'react'
import { toast } from 'sonner'
import { checkPassword, type PasswordCheckData } from '@/data/profile/password-check'
import { strengthProblem } from '@/lib/password-strength'
import { MAX_PASSWORD_LENGTH, PASSWORD_TOO_LONG_MESSAGE } from '@/lib/api-types/password-limits'

/** Typing pauses this long before the password is scored. */
const DEBOUNCE_MS = 300

type Scored = { password: string; result: PasswordCheckData['result'] }

/**
 * The strength of the password being typed, scored by the platform as the user pauses; answers to
 * an older password than the one in the field are dropped. `problem(password)` scores at once
 * (on submit) and says why the password cannot be used, or null.
 */
export function usePasswordStrength(password: string) {
  const [scored, setScored] = useState<Scored | null>(null)

  useEffect(() => {
    if (!password || password.length > MAX_PASSWORD_LENGTH) return
    let current = true
    const timer = setTimeout(() => {
      checkPassword({ password })
        .then((data) => {
          if (current) setScored({ password, result: data.result })
        })
        .catch((error: Error) => toast.error(`Failed to check password strength: ${error.message}`))
    }, DEBOUNCE_MS)
    // Typing on makes this answer stale: it is dropped.
    return () => {
      current = false
      clearTimeout(timer)
    }
  }, [password])

  async function problem(value: string): Promise<string | null> {
    if (value.length > MAX_PASSWORD_LENGTH) return PASSWORD_TOO_LONG_MESSAGE
    const result = scored?.password === value ? scored.result : (await checkPassword({ password: value })).result
    return strengthProblem(result)
  }

  const current = scored && scored.password === password ? scored.result : null
  return { result: current, problem }
}
