/**
 * Sends the auth service's messages: confirmation, magic link and code, recovery, invitation,
 * email change, reauthentication; SMS codes. With SMTP_URL set, mail goes out through nodemailer;
 * without it (and always for SMS, which has no provider here), each message is written to the
 * server log, so that a self-hoster or a test can read the link or the code there.
 */
import nodemailer from 'nodemailer'
import type { AuthConfig } from '../config'

export type Message = {
  to: string
  subject: string
  /** Plain text; links and codes included. */
  text: string
}

export type Mailer = {
  sendMail(message: Message): Promise<void>
  sendSms(to: string, text: string): Promise<void>
}

export class MailError extends Error {}

export function createMailer(config: Pick<AuthConfig, 'smtpUrl' | 'smtpFrom'>): Mailer {
  const transport = config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : null
  return {
    async sendMail(message) {
      if (!transport) {
        console.log(`[auth mail] to=${message.to} subject="${message.subject}"\n${message.text}`)
        return
      }
      try {
        await transport.sendMail({ from: config.smtpFrom, to: message.to, subject: message.subject, text: message.text })
      } catch (error) {
        console.error('Sending mail failed:', error)
        throw new MailError(error instanceof Error ? error.message : String(error))
      }
    },
    async sendSms(to, text) {
      console.log(`[auth sms] to=${to}\n${text}`)
    },
  }
}
