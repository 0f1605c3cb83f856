/**
 * Limits on password sign-ins that stop guessing without letting a stranger lock the owner out:
 * - per client address, over every account (RATE_LIMIT_SIGN_IN);
 * - per client address and account (RATE_LIMIT_SIGN_IN_ACCOUNT): an address guessing one account
 *   is throttled, and nobody else is;
 * - per account, over every address that has not signed in to it in the last 30 days
 *   (RATE_LIMIT_SIGN_IN_ACCOUNT_NEW_ADDRESSES): many addresses guessing together are throttled, while
 *   an address the owner signed in from is never refused by it.
 * Counters live in the control plane (security/rate-limit.ts), so every app instance counts together.
 * The same limits guard each project's own users (project-auth/), counted apart per project
 * (`projectRef`), their known addresses in project_auth_sign_in_addresses.
 * The per-(address, account) count and the known addresses go by the address's network
 * (lib/client-network.ts): an IPv6 /64 is one address, so an owner whose privacy address changes
 * stays known, and a guesser cannot get a fresh count from each address of their /64.
 */
import { clientNetwork } from '@/lib/client-network'
import type { Platform } from '../kernel/platform'
import type { Queryable } from '../db/control-plane'
import { accountKey, hit } from '../security/rate-limit'

/** How long an address the owner signed in from stays exempt from the per-account limit. */
const KNOWN_FOR_DAYS = 30

const addressKey = (ip: string) => accountKey(`ip:${clientNetwork(ip)}`)

async function isKnownAddress(platform: Platform, userId: string, ip: string, projectRef?: string): Promise<boolean> {
  const rows = projectRef
    ? await platform.db.query(
        `select 1 from project_auth_sign_in_addresses where project_ref = $4 and user_id = $1 and address = $2 and last_sign_in_at > now() - make_interval(days => $3)`,
        [userId, addressKey(ip), KNOWN_FOR_DAYS, projectRef]
      )
    : await platform.db.query(
        `select 1 from auth_sign_in_addresses where user_id = $1 and address = $2 and last_sign_in_at > now() - make_interval(days => $3)`,
        [userId, addressKey(ip), KNOWN_FOR_DAYS]
      )
  return rows.length > 0
}

/**
 * Counts one password sign-in to `account` (an email or phone; `userId` when it has an account)
 * from `ip`: to the platform's own accounts, or to a project's users (`projectRef`).
 */
export async function limitSignIn(platform: Platform, ip: string, account: string, userId: string | undefined, projectRef?: string) {
  const limits = platform.config.rateLimits
  const bucket = (name: string) => (projectRef ? `project-auth:${projectRef}:${name}` : name)
  await hit(platform, bucket('sign-in:ip'), ip, limits.signInPerIp)
  await hit(platform, bucket('sign-in:ip-account'), accountKey(`${clientNetwork(ip)} ${account}`), limits.signInPerAccount)
  // An unknown account is counted like a known one seen from a new address: the answer tells nothing.
  if (userId && (await isKnownAddress(platform, userId, ip, projectRef))) return
  await hit(platform, bucket('sign-in:account'), accountKey(account), limits.signInPerAccountNewAddresses)
}

/** Remembers that the account's password was given right from `ip`. */
export async function rememberSignInAddress(tx: Queryable, userId: string, ip: string) {
  await tx.query(
    `insert into auth_sign_in_addresses (user_id, address) values ($1, $2)
     on conflict (user_id, address) do update set last_sign_in_at = now()`,
    [userId, addressKey(ip)]
  )
}

/** The same for a project's user (kept in the control plane, beside the counters). */
export async function rememberProjectSignInAddress(platform: Platform, projectRef: string, userId: string, ip: string) {
  await platform.db.query(
    `insert into project_auth_sign_in_addresses (project_ref, user_id, address) values ($1, $2, $3)
     on conflict (project_ref, user_id, address) do update set last_sign_in_at = now()`,
    [projectRef, userId, addressKey(ip)]
  )
}
