import { useMutation } from '@tanstack/react-query'
import { routes } from '@/lib/api-types'
import { call } from '../fetchers'
import type { MutationOptions } from '../query-options'

export async function checkPassword({ password }: { password: string }) {
  return call(routes.checkPassword, { body: { password } })
}
export type PasswordCheckData = Awaited<ReturnType<typeof checkPassword>>

/** Scores a password on the platform (zxcvbn-ts); the caller shows the failure (SPEC §8 wording). */
export function usePasswordCheckMutation(options: MutationOptions<PasswordCheckData, { password: string }> = {}) {
  return useMutation({ mutationFn: checkPassword, ...options })
}
