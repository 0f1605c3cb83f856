/**
 * Pure helpers of the global error screen (SPEC §2): the support link and the page-translator hint.
 */

import { DASHBOARD_BUG_CATEGORY, SUPPORT_ROUTE } from '@/lib/support'

export { SUPPORT_ROUTE }
export const CLIENT_EXCEPTION_SUBJECT = 'Client side exception occurred on dashboard'
/** Where the removeChild hint's "More information" link points. */
export const PAGE_TRANSLATOR_DOCS_URL = '/docs/troubleshooting#page-translators'

/**
 * Upper bound on the prefilled message so the URL stays well under common URL length limits
 * (~8 KB on many proxies); the rest of a long stack is cut and marked.
 */
export const MAX_SUPPORT_MESSAGE_LENGTH = 3000
const TRUNCATION_MARK = '\n… (truncated)'

export interface SupportLinkInput {
  pathname: string
  error: Pick<Error, 'name' | 'message' | 'stack'>
}

/** The message body: the path name, then the stack (or name and message when there is no stack). */
export function buildSupportMessage({ pathname, error }: SupportLinkInput): string {
  const stack = error.stack?.trim() || `${error.name}: ${error.message}`
  const message = `Path name: ${pathname}\n\n${stack}`
  if (message.length <= MAX_SUPPORT_MESSAGE_LENGTH) return message
  return message.slice(0, MAX_SUPPORT_MESSAGE_LENGTH - TRUNCATION_MARK.length) + TRUNCATION_MARK
}

/**
 * `/support/new?category=dashboard_bug&subject=…&message=…`, encoded with encodeURIComponent
 * (spaces as %20, as support links are written elsewhere).
 */
export function buildSupportLink(input: SupportLinkInput): string {
  const params: [string, string][] = [
    ['category', DASHBOARD_BUG_CATEGORY],
    ['subject', CLIENT_EXCEPTION_SUBJECT],
    ['message', buildSupportMessage(input)],
  ]
  return `${SUPPORT_ROUTE}?${params.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&')}`
}

/**
 * True for the DOM error that page translators and extensions cause by rewriting React's nodes:
 * Chrome "Failed to execute 'removeChild' on 'Node'…", Firefox "Node.removeChild: The node to be
 * removed is not a child of this node".
 */
export function isRemoveChildError(message: string | undefined): boolean {
  if (!message) return false
  return /removeChild/.test(message) && /\bnode\b/i.test(message)
}
