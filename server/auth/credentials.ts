/** What sign-up and sign-in need, checked as GoTrue checks it, with the messages of SPEC §5. */
import { z } from 'zod'
import type { AuthConfig } from '../config'
import { authError } from './gotrue-errors'
import { normalizeEmail } from './users'

export type Address = { channel: 'email'; email: string } | { channel: 'phone'; phone: string }

export const EMAIL_OR_PHONE_AND_PASSWORD = 'You must provide either an email or phone number and a password'
export const EMAIL_OR_PHONE = 'You must provide either an email or phone number.'

export function parseEmail(raw: string): string {
  const email = normalizeEmail(raw)
  if (!z.email().safeParse(email).success) throw authError(400, 'validation_failed', 'Unable to validate email address: invalid format')
  return email
}

/**
 * GoTrue's rule: a leading + and spaces are dropped, and what is left must be E.164 digits. Any
 * other character (letters, dashes, brackets) makes the number malformed, never quietly dropped:
 * "abc15550100123" is not a number whose code has expired.
 */
export function parsePhone(raw: string, config: AuthConfig): string {
  if (!config.enablePhone) throw authError(400, 'phone_provider_disabled', 'Phone logins are disabled')
  const phone = raw.trim().replace(/^\+/, '').replaceAll(' ', '')
  if (!/^[1-9]\d{7,14}$/.test(phone)) throw authError(400, 'validation_failed', 'Invalid phone number format (E.164 required)')
  return phone
}

/** One address: an email or a phone, not both, not neither. */
export function parseAddress(input: { email?: string; phone?: string }, config: AuthConfig, missing = EMAIL_OR_PHONE): Address {
  const email = input.email?.trim()
  const phone = input.phone?.trim()
  if (email && phone) throw authError(400, 'validation_failed', 'Only an email address or phone number should be provided')
  if (email) return { channel: 'email', email: parseEmail(email) }
  if (phone) return { channel: 'phone', phone: parsePhone(phone, config) }
  throw authError(400, 'validation_failed', missing)
}

export const addressOf = (address: Address) => (address.channel === 'email' ? address.email : address.phone)
