/**
 * Support requests from the form at /support/new. Each is stored in the control plane
 * (support_requests) before anything else, so an operator finds every one; it is mailed to
 * SUPPORT_EMAIL through the auth service's mailer when SMTP_URL is set too. Otherwise the answer
 * says exactly what became of it: where it is recorded and which setting is missing.
 */
import { randomUUID } from 'node:crypto'
import type { SupportRequestAnswer, SupportRequestBody } from '@/lib/api-types'
import { SUPPORT_CATEGORIES } from '@/lib/support'
import type { Platform } from '../kernel/platform'
import type { AuthUser } from '../kernel/handler-types'

/** A person writes to support a few times an hour at most; more is a loop or a flood (the route's declared limit). */
export const SUPPORT_REQUESTS_PER_HOUR = 10

type NotEmailed = NonNullable<SupportRequestAnswer['not_emailed']>

const STORED = 'It is recorded in this installation\u2019s database (table support_requests)'

function noteFor(reason: NotEmailed, id: string, supportEmail: string | undefined): string {
  if (reason === 'no_support_email')
    return `Request ${id} was not mailed: this installation has no support address (SUPPORT_EMAIL is not set). ${STORED}; tell whoever runs it, or copy the report below and send it to them.`
  if (reason === 'no_smtp')
    return `Request ${id} was not mailed to ${supportEmail}: this installation cannot send mail (SMTP_URL is not set). ${STORED}; copy the report below and send it to ${supportEmail} yourself.`
  return `Request ${id} could not be mailed to ${supportEmail} (the mail server refused it). ${STORED}; copy the report below and send it to ${supportEmail} yourself.`
}

function mailText(id: string, user: AuthUser, body: SupportRequestBody): string {
  const category = SUPPORT_CATEGORIES.find((c) => c.value === body.category)?.label ?? body.category
  return `Support request ${id}\nFrom: ${user.email} (user ${user.id})\nCategory: ${category}\nSubject: ${body.subject}\n\n${body.message}\n`
}

export async function createSupportRequest(platform: Platform, user: AuthUser, body: SupportRequestBody): Promise<SupportRequestAnswer> {
  const id = randomUUID()
  const supportEmail = platform.config.supportEmail
  let reason: NotEmailed | null = !supportEmail ? 'no_support_email' : !platform.config.auth.smtpUrl ? 'no_smtp' : null
  await platform.db.query(
    `insert into support_requests (id, user_id, email, category, subject, message, not_emailed_reason)
     values ($1, (select id from users where id = $2), $3, $4, $5, $6, $7)`,
    [id, user.id, user.email, body.category, body.subject, body.message, reason]
  )
  if (!reason) {
    try {
      await platform.mailer.sendMail({ to: supportEmail!, subject: `[Support] ${body.subject}`, text: mailText(id, user, body) })
      await platform.db.query(`update support_requests set emailed_to = $2 where id = $1`, [id, supportEmail])
      return { id, emailed_to: supportEmail!, not_emailed: null, note: null }
    } catch {
      reason = 'send_failed'
      await platform.db.query(`update support_requests set not_emailed_reason = $2 where id = $1`, [id, reason])
    }
  }
  console.log(`[support] request ${id} stored, not mailed (${reason})`)
  return { id, emailed_to: null, not_emailed: reason, note: noteFor(reason, id, supportEmail) }
}
