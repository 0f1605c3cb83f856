/**
 * Starting points for a policy, the common cases of an application whose users sign in through the
 * project's auth (auth.uid() is the signed-in user's id, null for anon). "Own rows" templates
 * compare it with a column of the table holding the owner's id: `user_id` unless told otherwise.
 */
import { ident } from '@/lib/table-editor/sql-text'
import type { PolicyDraft } from './policy-sql'

export type PolicyTemplate = {
  id: string
  title: string
  description: string
  /** Whether the draft compares auth.uid() with an owner column. */
  ownerColumn: boolean
  draft: (ownerColumn: string) => PolicyDraft
}

const own = (column: string) => `auth.uid() = ${ident(column)}`

export const POLICY_TEMPLATES: PolicyTemplate[] = [
  {
    id: 'read-everyone',
    title: 'Enable read access for everyone',
    description: 'Anyone, signed in or not, reads every row.',
    ownerColumn: false,
    draft: () => ({ name: 'Enable read access for everyone', command: 'SELECT', roles: ['public'], permissive: true, using: 'true', withCheck: '' }),
  },
  {
    id: 'read-authenticated',
    title: 'Read for authenticated users only',
    description: 'Signed-in users read every row; anon reads none.',
    ownerColumn: false,
    draft: () => ({ name: 'Read for authenticated users only', command: 'SELECT', roles: ['authenticated'], permissive: true, using: 'true', withCheck: '' }),
  },
  {
    id: 'read-own',
    title: 'Users can read their own rows',
    description: 'A signed-in user reads the rows whose owner column holds their id.',
    ownerColumn: true,
    draft: (column) => ({ name: 'Users can read their own rows', command: 'SELECT', roles: ['authenticated'], permissive: true, using: own(column), withCheck: '' }),
  },
  {
    id: 'insert-own',
    title: 'Users can insert their own rows',
    description: 'A signed-in user adds rows only with their own id in the owner column.',
    ownerColumn: true,
    draft: (column) => ({ name: 'Users can insert their own rows', command: 'INSERT', roles: ['authenticated'], permissive: true, using: '', withCheck: own(column) }),
  },
  {
    id: 'update-own',
    title: 'Users can update their own rows',
    description: 'A signed-in user changes their own rows and cannot hand them to someone else.',
    ownerColumn: true,
    draft: (column) => ({ name: 'Users can update their own rows', command: 'UPDATE', roles: ['authenticated'], permissive: true, using: own(column), withCheck: own(column) }),
  },
  {
    id: 'delete-own',
    title: 'Users can delete their own rows',
    description: 'A signed-in user deletes only their own rows.',
    ownerColumn: true,
    draft: (column) => ({ name: 'Users can delete their own rows', command: 'DELETE', roles: ['authenticated'], permissive: true, using: own(column), withCheck: '' }),
  },
]

/** An empty policy: the form's start without a template. */
export const blankPolicy = (): PolicyDraft => ({ name: '', command: 'SELECT', roles: ['public'], permissive: true, using: '', withCheck: '' })
