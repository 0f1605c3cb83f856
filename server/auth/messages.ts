/**
 * The auth service's messages: a link and a 6-digit code for each kind of one-time token, sent by
 * mail (or SMS for phone numbers) through the platform's mailer. Created in the caller's
 * transaction; sent after it commits, so that a link never points at a token that was rolled back.
 */
import type { Queryable } from '../db/control-plane'
import { linkBase } from './redirects'
import type { Platform } from '../kernel/platform'
import { PRODUCT_NAME } from '@/lib/constants'
import { createOneTimeToken, type TokenKind } from './one-time-tokens'
import { MailError } from './mailer'
import { authError } from './gotrue-errors'

/** The /verify type that completes each kind of token. */
export const VERIFY_TYPE_OF: Record<TokenKind, string> = {
  confirmation: 'signup',
  invite: 'invite',
  magiclink: 'magiclink',
  recovery: 'recovery',
  email_change_current: 'email_change',
  email_change_new: 'email_change',
  reauthentication: 'reauthentication',
  sms_otp: 'sms',
  phone_change: 'phone_change',
}

const SUBJECTS: Record<TokenKind, string> = {
  confirmation: 'Confirm your signup',
  invite: 'You have been invited',
  magiclink: 'Your sign-in link',
  recovery: 'Reset your password',
  email_change_current: 'Confirm the change of your email address',
  email_change_new: 'Confirm your new email address',
  reauthentication: 'Confirm it is you',
  sms_otp: 'Your code',
  phone_change: 'Confirm your new phone number',
}

export type PreparedMessage = { kind: TokenKind; to: string; link: string; otp: string; tokenHash: string; channel: 'email' | 'sms' }

export function verifyLink(base: string, tokenHash: string, kind: TokenKind, redirectTo: string | null | undefined): string {
  const url = new URL(`${base}/verify`)
  url.searchParams.set('token', tokenHash)
  url.searchParams.set('type', VERIFY_TYPE_OF[kind])
  if (redirectTo) url.searchParams.set('redirect_to', redirectTo)
  return url.toString()
}

/** Creates the token and the message that carries it (not sent yet). */
export async function prepareMessage(
  platform: Platform,
  tx: Queryable,
  input: { userId: string; kind: TokenKind; to: string; channel: 'email' | 'sms'; redirectTo?: string | null; flowStateId?: string | null }
): Promise<PreparedMessage> {
  const { tokenHash, otp } = await createOneTimeToken(tx, {
    userId: input.userId,
    kind: input.kind,
    relatesTo: input.to,
    ttlSeconds: platform.config.auth.otpTtlSeconds,
    flowStateId: input.flowStateId,
    redirectTo: input.redirectTo,
  })
  if (input.kind === 'confirmation' || input.kind === 'invite' || input.kind === 'recovery')
    await tx.query(`update users set ${input.kind === 'recovery' ? 'recovery_sent_at' : 'confirmation_sent_at'} = now() where id = $1`, [input.userId])
  return { kind: input.kind, to: input.to, otp, tokenHash, channel: input.channel, link: verifyLink(linkBase(platform), tokenHash, input.kind, input.redirectTo) }
}

/** GoTrue's words when a mail cannot be sent (the token is kept: resending tries again). */
const SEND_FAILED: Partial<Record<TokenKind, string>> = {
  confirmation: 'Error sending confirmation email',
  invite: 'Error sending invite email',
  magiclink: 'Error sending magic link email',
  recovery: 'Error sending recovery email',
  email_change_current: 'Error sending email change email',
  email_change_new: 'Error sending email change email',
  reauthentication: 'Error sending reauthentication email',
}

export async function sendMessage(platform: Platform, message: PreparedMessage): Promise<void> {
  try {
    await deliver(platform, message)
  } catch (error) {
    if (!(error instanceof MailError)) throw error
    throw authError(500, 'unexpected_failure', SEND_FAILED[message.kind] ?? 'Error sending message')
  }
}

async function deliver(platform: Platform, message: PreparedMessage): Promise<void> {
  const minutes = Math.round(platform.config.auth.otpTtlSeconds / 60)
  if (message.channel === 'sms') {
    await platform.mailer.sendSms(message.to, `Your ${PRODUCT_NAME} code is ${message.otp}. It expires in ${minutes} minutes.`)
    return
  }
  const withLink = message.kind !== 'reauthentication'
  await platform.mailer.sendMail({
    to: message.to,
    subject: SUBJECTS[message.kind],
    text: [
      `${SUBJECTS[message.kind]} for ${PRODUCT_NAME}.`,
      '',
      ...(withLink ? ['Follow this link:', message.link, '', 'Or enter this code:'] : ['Enter this code:']),
      message.otp,
      '',
      `The ${withLink ? 'link and code expire' : 'code expires'} in ${minutes} minutes. If you did not ask for this, ignore this message.`,
    ].join('\n'),
  })
}
