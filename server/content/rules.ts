/**
 * Who may do what with a snippet, decided from the caller and the snippet as stored. The router
 * has already checked `sql:run` on the project; these are the rules per snippet:
 * - a private snippet ('user') exists for its owner only: anyone else gets 404, as if it did not;
 * - a shared one ('project') is read by every member, changed by roles with `sql:write`, made
 *   private again by its owner only, and deleted by its owner or an Owner or Admin;
 * - sharing (creating a shared snippet, or sharing one's own) needs `sql:write`.
 */
import { roleCan, type ContentVisibility, type OrganizationRole } from '@/lib/api-types'
import { PlatformError } from '../kernel/errors'

export type Caller = { profileId: number; role: OrganizationRole; isPlatform: boolean }
export type StoredSnippet = { name: string; owner_id: number | null; visibility: ContentVisibility }

/** Owners and Admins look after what the team shares, whoever wrote it. */
const MODERATORS: readonly OrganizationRole[] = ['Owner', 'Admin']

export const NOT_FOUND = 'This snippet does not exist'

export const canSee = (caller: Caller, snippet: StoredSnippet) => snippet.visibility === 'project' || snippet.owner_id === caller.profileId

const writesSql = (caller: Caller) => roleCan(caller.role, 'sql:write', { isPlatform: caller.isPlatform })

const forbidden = (caller: Caller, what: string) => new PlatformError(403, `Your role (${caller.role}) does not allow ${what}. Ask an Owner or Admin of the organization.`)

export function assertMayCreate(caller: Caller, visibility: ContentVisibility) {
  if (visibility === 'project' && !writesSql(caller)) throw forbidden(caller, 'sharing snippets with the project (sql:write)')
}

/** Throws unless the caller may save `visibility` over the stored snippet (404 when they cannot see it). */
export function assertMayUpdate(caller: Caller, stored: StoredSnippet, visibility: ContentVisibility) {
  if (!canSee(caller, stored)) throw new PlatformError(404, NOT_FOUND)
  const owner = stored.owner_id === caller.profileId
  if (stored.visibility === 'project' && !writesSql(caller)) throw forbidden(caller, 'changing snippets shared with the project (sql:write)')
  if (visibility !== stored.visibility) {
    if (!owner) throw new PlatformError(403, `Only the owner of "${stored.name}" can change who sees it.`)
    if (visibility === 'project' && !writesSql(caller)) throw forbidden(caller, 'sharing snippets with the project (sql:write)')
  }
}

export function mayDelete(caller: Caller, stored: StoredSnippet): boolean {
  if (stored.owner_id === caller.profileId) return true
  return stored.visibility === 'project' && MODERATORS.includes(caller.role)
}
