import { z } from 'zod'
import { SUPPORT_CATEGORIES, type SupportCategory } from '../support'
import { textField } from './zod-helpers'

const categories = SUPPORT_CATEGORIES.map((c) => c.value) as [SupportCategory, ...SupportCategory[]]

export const SUPPORT_SUBJECT_MAX = 200
export const SUPPORT_MESSAGE_MAX = 20_000

export const supportRequestBody = z.object({
  category: z.enum(categories),
  subject: textField('subject').trim().min(1, 'subject is required').max(SUPPORT_SUBJECT_MAX, `subject must be at most ${SUPPORT_SUBJECT_MAX} characters`),
  message: textField('message').trim().min(1, 'message is required').max(SUPPORT_MESSAGE_MAX, `message must be at most ${SUPPORT_MESSAGE_MAX} characters`),
})
export type SupportRequestBody = z.infer<typeof supportRequestBody>

/**
 * A stored support request and what became of its mail: `emailed_to` the support address it was
 * sent to, or null with `not_emailed` saying why (no SUPPORT_EMAIL, no SMTP_URL, or sending failed)
 * and `note` what to do about it, in words for the person who sent it.
 */
export const supportRequestAnswer = z.object({
  id: z.string(),
  emailed_to: z.string().nullable(),
  not_emailed: z.enum(['no_support_email', 'no_smtp', 'send_failed']).nullable(),
  note: z.string().nullable(),
})
export type SupportRequestAnswer = z.infer<typeof supportRequestAnswer>
