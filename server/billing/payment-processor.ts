/**
 * The payment method, and the one boundary a card processor would plug into. This product has no
 * card processor: no card is ever taken or stored, statements are computed but nobody is charged.
 *
 * A processor is an implementation of `PaymentProcessor`: it answers the organization's card (as
 * the processor's client library tokenised it; never a card number) and attaches a new one from
 * the token the page's processor form hands over. Plugging one in means writing that
 * implementation and returning it from `paymentProcessor()`; the routes, roles and pages stay as
 * they are.
 */
import type { PaymentMethod } from '@/lib/api-types'
import type { Platform } from '../kernel/platform'
import type { AuthUser, OrgAccess } from '../kernel/handler-types'
import { conflict } from '../kernel/errors'

/** Where a card number would be shown: four groups of four asterisks (SPEC §9). */
export const MASKED_CARD = '**** **** **** ****'

export const NO_PROCESSOR_NOTE =
  'This platform has no card processor: no card is taken or stored, and nobody is charged. Statements show what the plan and usage cost.'

export const NO_PROCESSOR_REFUSAL =
  'No card processor is configured on this platform, so a card cannot be attached: nothing was stored. Statements still show what the plan and usage cost.'

export type PaymentProcessor = {
  readPaymentMethod(organization: { id: number; slug: string }): Promise<PaymentMethod>
  /** Attaches the card behind `token` (from the processor's own client library) to the organization. */
  attach(organization: { id: number; slug: string }, token: string): Promise<PaymentMethod>
}

/** The built-in processor: there is none. It answers the masked placeholder and refuses to attach. */
export const noProcessor: PaymentProcessor = {
  async readPaymentMethod() {
    return { processor: 'none', masked: MASKED_CARD, card: null, note: NO_PROCESSOR_NOTE }
  },
  async attach() {
    throw conflict(NO_PROCESSOR_REFUSAL)
  },
}

/** The processor this platform uses. The one place a real one would be chosen (from configuration). */
export function paymentProcessor(_platform: Platform): PaymentProcessor {
  return noProcessor
}

export async function readPaymentMethod(platform: Platform, org: OrgAccess): Promise<PaymentMethod> {
  return paymentProcessor(platform).readPaymentMethod(org)
}

export async function attachPaymentMethod(platform: Platform, org: OrgAccess, _user: AuthUser, token: string): Promise<PaymentMethod> {
  return paymentProcessor(platform).attach(org, token)
}
