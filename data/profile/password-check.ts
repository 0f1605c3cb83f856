import { profileRoutes } from '@/lib/api-types/browser/profile.routes'
import { call } from '../fetchers'

/** Scores a password on the platform (zxcvbn-ts); the caller shows the failure (SPEC §8 wording). */
export async function checkPassword({ password }: { password: string }) {
  return call(profileRoutes.checkPassword, { body: { password } })
}
export type PasswordCheckData = Awaited<ReturnType<typeof checkPassword>>
