/**
 * The statements the Policies page shows before it runs them: CREATE, ALTER and DROP POLICY, and
 * row level security on or off. Names go through `ident` (quoted when Postgres would read them
 * otherwise); USING and WITH CHECK are SQL expressions the user writes, put in parentheses as they
 * are: the user reads the whole statement before it runs, as their own role.
 */
import { ident, qualified } from '@/lib/table-editor/sql-text'
import { setRlsSql } from '@/lib/table-editor'

export const POLICY_COMMANDS = ['ALL', 'SELECT', 'INSERT', 'UPDATE', 'DELETE'] as const
export type PolicyCommand = (typeof POLICY_COMMANDS)[number]

export type TableRef = { schema: string; name: string }

/** A policy as the form holds it (and as the catalog answers it). */
export type PolicyDraft = {
  name: string
  command: PolicyCommand
  /** Role names; `public` (every role) is written as the key word. Empty means `public`. */
  roles: string[]
  permissive: boolean
  /** The USING expression; '' for none. */
  using: string
  /** The WITH CHECK expression; '' for none. */
  withCheck: string
}

/** Which expressions a command takes: SELECT and DELETE read rows only, INSERT writes only. */
export const takesUsing = (command: PolicyCommand) => command !== 'INSERT'
export const takesWithCheck = (command: PolicyCommand) => command !== 'SELECT' && command !== 'DELETE'

/** A role as SQL: PUBLIC is a key word there, not a role; every other name is an identifier. */
const role = (name: string) => (name === 'public' ? 'public' : ident(name))
const rolesSql = (roles: string[]) => (roles.length === 0 ? 'public' : roles.map(role).join(', '))

/** What keeps the draft from making a valid statement, in words; empty when there is nothing. */
export function policyProblems(draft: PolicyDraft): string[] {
  const problems: string[] = []
  if (draft.name.trim() === '') problems.push('Give the policy a name.')
  else if (new TextEncoder().encode(draft.name).length > 63) problems.push('The name is longer than Postgres keeps (63 bytes).')
  if (draft.name.includes('\u0000') || draft.using.includes('\u0000') || draft.withCheck.includes('\u0000'))
    problems.push('Postgres cannot store the NUL character.')
  const using = takesUsing(draft.command) && draft.using.trim() !== ''
  const check = takesWithCheck(draft.command) && draft.withCheck.trim() !== ''
  if (draft.command === 'INSERT' && !check) problems.push('An INSERT policy needs a WITH CHECK expression.')
  else if (draft.command !== 'INSERT' && !using && !check) problems.push('Write a USING expression: which rows the policy lets through.')
  return problems
}

/** The expression clauses, only those the command takes and the draft fills. */
function clauses(draft: PolicyDraft): string[] {
  const out: string[] = []
  if (takesUsing(draft.command) && draft.using.trim() !== '') out.push(`using (${draft.using.trim()})`)
  if (takesWithCheck(draft.command) && draft.withCheck.trim() !== '') out.push(`with check (${draft.withCheck.trim()})`)
  return out
}

export function createPolicySql(table: TableRef, draft: PolicyDraft): string {
  return [
    `create policy ${ident(draft.name.trim())}`,
    `on ${qualified(table)}`,
    `as ${draft.permissive ? 'permissive' : 'restrictive'}`,
    `for ${draft.command.toLowerCase()}`,
    `to ${rolesSql(draft.roles)}`,
    ...clauses(draft),
  ].join('\n') + ';'
}

export function dropPolicySql(table: TableRef, name: string): string {
  return `drop policy ${ident(name)} on ${qualified(table)};`
}

const sameRoles = (a: string[], b: string[]) => rolesSql(a) === rolesSql(b)

/**
 * The change from `before` to `after`. ALTER POLICY can rename and change roles and expressions,
 * but neither the command nor permissive/restrictive, and it cannot take an expression away: those
 * changes drop the policy and create it again, in one transaction so no moment is left without it.
 * Answers null when nothing changed.
 */
export function editPolicySql(table: TableRef, before: PolicyDraft, after: PolicyDraft): string | null {
  // The old name as the catalog has it (spaces and all): it names the policy to change.
  const norm = (d: PolicyDraft, name: string) => ({ ...d, name, using: takesUsing(d.command) ? d.using.trim() : '', withCheck: takesWithCheck(d.command) ? d.withCheck.trim() : '' })
  // A name left as it was stays as it was; a new one is trimmed, as CREATE trims it.
  const [was, now] = [norm(before, before.name), norm(after, after.name === before.name ? before.name : after.name.trim())]
  const removed = (was.using !== '' && now.using === '') || (was.withCheck !== '' && now.withCheck === '')
  if (was.command !== now.command || was.permissive !== now.permissive || removed)
    return ['begin;', dropPolicySql(table, was.name), createPolicySql(table, now), 'commit;'].join('\n')

  const statements: string[] = []
  const changes: string[] = []
  if (!sameRoles(was.roles, now.roles)) changes.push(`to ${rolesSql(now.roles)}`)
  if (was.using !== now.using) changes.push(`using (${now.using})`)
  if (was.withCheck !== now.withCheck) changes.push(`with check (${now.withCheck})`)
  if (changes.length > 0) statements.push([`alter policy ${ident(was.name)} on ${qualified(table)}`, ...changes].join('\n') + ';')
  if (was.name !== now.name) statements.push(`alter policy ${ident(was.name)} on ${qualified(table)} rename to ${ident(now.name)};`)
  if (statements.length === 0) return null
  return statements.length === 1 ? statements[0] : ['begin;', ...statements, 'commit;'].join('\n')
}

/** Row level security on or off for a table. */
export const rlsSql = (table: TableRef, enabled: boolean): string => `${setRlsSql(table, enabled)};`
