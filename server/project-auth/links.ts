/**
 * Links and codes mailed to a project's users (confirmation, invitation, magic link, recovery,
 * email change): a random token in the link and a 6-digit code beside it, of which only SHA-256
 * digests are kept (auth.one_time_tokens). A new one of a kind replaces the user's earlier one;
 * using one deletes it. Mail goes through the platform's mailer (SMTP_URL, or the server log).
 */
import { randomBytes, randomInt } from 'node:crypto'
import { authError } from '../auth/gotrue-errors'
import { MailError } from '../auth/mailer'
import type { AuthDb } from './database'
import type { ProjectAuthContext } from './context'
import type { UserRow } from './users'
import { digest } from './tokens'

export type LinkType = 'signup' | 'invite' | 'magiclink' | 'recovery' | 'email_change'

const LIFETIME_SECONDS: Record<LinkType, number> = { signup: 86_400, invite: 86_400, magiclink: 3_600, recovery: 3_600, email_change: 86_400 }

const SUBJECTS: Record<LinkType, string> = {
  signup: 'Confirm your signup',
  invite: 'You have been invited',
  magiclink: 'Your sign-in link',
  recovery: 'Reset your password',
  email_change: 'Confirm your new email address',
}

const codeDigest = (address: string, code: string) => digest(`${address.toLowerCase()}:${code}`)

/**
 * Where a link leads after it is used: `redirect_to` when it is the project's site URL, its own
 * URL or on its allow-list (exact, or a prefix ending in `**`), else the site URL. An address
 * nobody allowed would hand the session to another site.
 */
export function allowedRedirect(ctx: Pick<ProjectAuthContext, 'config' | 'projectUrl' | 'linkUrl'>, candidate: string | undefined | null): string {
  const fallback = ctx.config.site_url || ctx.linkUrl
  // The URL parser drops tabs and line breaks, a Location header may not carry them.
  if (!candidate || /[\u0000-\u001f\u007f]/.test(candidate)) return fallback
  let url: URL
  try {
    url = new URL(candidate)
  } catch {
    return fallback
  }
  const listed = ctx.config.uri_allow_list.some((entry) => (entry.endsWith('**') ? candidate.startsWith(entry.slice(0, -2)) : candidate === entry))
  if (listed) return candidate
  // An app's own scheme (myapp://) only when listed: its "origin" is opaque.
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return fallback
  const sameOrigin = (base: string) => {
    try {
      return base !== '' && new URL(base).origin === url.origin
    } catch {
      return false
    }
  }
  return sameOrigin(ctx.config.site_url) || sameOrigin(ctx.linkUrl) || sameOrigin(ctx.projectUrl) ? candidate : fallback
}

/** A link and code for `type`, made in the caller's transaction; send it after commit. */
export async function createLink(ctx: ProjectAuthContext, tx: AuthDb, user: UserRow, type: LinkType, address: string, redirectTo: string) {
  const token = randomBytes(24).toString('base64url')
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
  await tx.query(`delete from auth.one_time_tokens where user_id = $1 and token_type = $2`, [user.id, type])
  await tx.query(
    `insert into auth.one_time_tokens (user_id, token_type, token_hash, code_hash, relates_to, expires_at) values ($1, $2, $3, $4, $5, now() + make_interval(secs => $6))`,
    [user.id, type, digest(token), codeDigest(address, code), address.toLowerCase(), LIFETIME_SECONDS[type]]
  )
  const column = type === 'recovery' ? 'recovery_sent_at' : type === 'email_change' ? 'email_change_sent_at' : type === 'signup' ? 'confirmation_sent_at' : null
  if (column) await tx.query(`update auth.users set ${column} = now() where id = $1`, [user.id])
  // At the platform's fixed origin: a request's Host is the sender's choice (redirects.ts).
  const link = `${ctx.linkUrl}/auth/v1/verify?token=${token}&type=${type}&redirect_to=${encodeURIComponent(redirectTo)}`
  return { to: address, type, link, code }
}

export async function sendLink(ctx: ProjectAuthContext, message: { to: string; type: LinkType; link: string; code: string }) {
  try {
    await ctx.platform.mailer.sendMail({
      to: message.to,
      subject: SUBJECTS[message.type],
      text: `${SUBJECTS[message.type]}: follow this link\n${message.link}\n\nor enter this code: ${message.code}\n`,
    })
  } catch (error) {
    if (error instanceof MailError) throw authError(500, 'unexpected_failure', `Error sending ${message.type === 'recovery' ? 'recovery' : 'confirmation'} email`)
    throw error
  }
}

/** The verify types a /verify `type` may complete (`email` is the code of a sign-up or a magic link). */
const TYPES_OF: Record<string, LinkType[]> = {
  signup: ['signup'],
  invite: ['invite'],
  magiclink: ['magiclink'],
  recovery: ['recovery'],
  email_change: ['email_change'],
  email: ['signup', 'magiclink'],
}

/**
 * Uses a link (its token) or a code (with its address), once: the token's row is deleted in the
 * caller's transaction. Null when none matches, it expired, or the type does not.
 */
export async function consumeLink(tx: AuthDb, type: string, proof: { token: string } | { address: string; code: string }): Promise<{ userId: string; type: LinkType; relatesTo: string } | null> {
  const types = TYPES_OF[type]
  if (!types) return null
  const [row] =
    'token' in proof
      ? await tx.query<{ user_id: string; token_type: LinkType; relates_to: string }>(
          `delete from auth.one_time_tokens where token_hash = $1 and token_type = any($2) and expires_at > now() returning user_id, token_type, relates_to`,
          [digest(proof.token), types]
        )
      : await tx.query<{ user_id: string; token_type: LinkType; relates_to: string }>(
          `delete from auth.one_time_tokens where id = (select id from auth.one_time_tokens where relates_to = $1 and code_hash = $2 and token_type = any($3) and expires_at > now() limit 1)
           returning user_id, token_type, relates_to`,
          [proof.address.toLowerCase(), codeDigest(proof.address, proof.code), types]
        )
  return row ? { userId: row.user_id, type: row.token_type, relatesTo: row.relates_to } : null
}
