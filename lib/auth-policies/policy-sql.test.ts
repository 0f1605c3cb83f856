import { createPolicySql, dropPolicySql, editPolicySql, policyProblems, rlsSql, type PolicyDraft } from './policy-sql'

const todos = { schema: 'public', name: 'todos' }
const draft = (over: Partial<PolicyDraft> = {}): PolicyDraft => ({
  name: 'Users read own',
  command: 'SELECT',
  roles: ['authenticated'],
  permissive: true,
  using: 'auth.uid() = user_id',
  withCheck: '',
  ...over,
})

it.each<[string, { schema: string; name: string }, Partial<PolicyDraft>, string]>([
  [
    'a select policy, names quoted where they must be',
    todos,
    {},
    'create policy "Users read own"\non public.todos\nas permissive\nfor select\nto authenticated\nusing (auth.uid() = user_id);',
  ],
  [
    'an insert keeps WITH CHECK only',
    todos,
    { command: 'INSERT', using: 'ignored', withCheck: 'auth.uid() = user_id' },
    'create policy "Users read own"\non public.todos\nas permissive\nfor insert\nto authenticated\nwith check (auth.uid() = user_id);',
  ],
  [
    'an update takes both; several roles; restrictive',
    { schema: 'My Schema', name: 'Order' },
    { command: 'UPDATE', roles: ['anon', 'Admins'], permissive: false, withCheck: 'true' },
    'create policy "Users read own"\non "My Schema"."Order"\nas restrictive\nfor update\nto anon, "Admins"\nusing (auth.uid() = user_id)\nwith check (true);',
  ],
  [
    'public is the key word, and no roles means public; a delete drops WITH CHECK',
    { schema: 'public', name: 'select' },
    { name: 'x', command: 'DELETE', roles: [], withCheck: 'true' },
    'create policy x\non public."select"\nas permissive\nfor delete\nto public\nusing (auth.uid() = user_id);',
  ],
  [
    'quotes in names are doubled, the name is trimmed',
    { schema: 'public', name: 'we"ird' },
    { name: '  a "quoted" name ', command: 'ALL', roles: ['public'] },
    'create policy "a ""quoted"" name"\non public."we""ird"\nas permissive\nfor all\nto public\nusing (auth.uid() = user_id);',
  ],
])('create: %s', (_, table, over, expected) => expect(createPolicySql(table, draft(over))).toBe(expected))

it('drops a policy by its quoted name', () => {
  expect(dropPolicySql({ schema: 'app', name: 'Items' }, 'Owner "only"')).toBe('drop policy "Owner ""only""" on app."Items";')
})

it.each([
  [true, 'alter table public.todos enable row level security;'],
  [false, 'alter table public.todos disable row level security;'],
])('row level security %s', (on, expected) => expect(rlsSql(todos, on)).toBe(expected))

it.each<[string, Partial<PolicyDraft>, string | null]>([
  ['nothing changed', {}, null],
  ['whitespace only', { name: 'Users read own ', using: ' auth.uid() = user_id ' }, null],
  ['roles and USING through ALTER', { roles: ['anon', 'authenticated'], using: 'true' }, 'alter policy "Users read own" on public.todos\nto anon, authenticated\nusing (true);'],
  ['a rename alone', { name: 'Read own' }, 'alter policy "Users read own" on public.todos rename to "Read own";'],
  [
    'a change and a rename in one transaction',
    { name: 'Read own', roles: ['public'] },
    'begin;\nalter policy "Users read own" on public.todos\nto public;\nalter policy "Users read own" on public.todos rename to "Read own";\ncommit;',
  ],
  [
    'another command drops and creates, in one transaction',
    { command: 'DELETE' },
    'begin;\ndrop policy "Users read own" on public.todos;\ncreate policy "Users read own"\non public.todos\nas permissive\nfor delete\nto authenticated\nusing (auth.uid() = user_id);\ncommit;',
  ],
  [
    'restrictive instead of permissive drops and creates',
    { permissive: false },
    'begin;\ndrop policy "Users read own" on public.todos;\ncreate policy "Users read own"\non public.todos\nas restrictive\nfor select\nto authenticated\nusing (auth.uid() = user_id);\ncommit;',
  ],
])('edit: %s', (_, over, expected) => expect(editPolicySql(todos, draft(), draft(over))).toBe(expected))

it('edit: a name with spaces at its ends is named as the catalog has it', () => {
  const before = draft({ name: ' spaced ' })
  expect(editPolicySql(todos, before, { ...before, using: 'true' })).toBe('alter policy " spaced " on public.todos\nusing (true);')
  expect(editPolicySql(todos, before, before)).toBeNull()
  expect(editPolicySql(todos, before, { ...before, name: ' spaced out ' })).toBe('alter policy " spaced " on public.todos rename to "spaced out";')
})

it('edit: an expression taken away cannot be altered away, so the policy is made again', () => {
  const before = draft({ command: 'UPDATE', withCheck: 'true' })
  expect(editPolicySql(todos, before, { ...before, withCheck: '' })).toBe(
    'begin;\ndrop policy "Users read own" on public.todos;\ncreate policy "Users read own"\non public.todos\nas permissive\nfor update\nto authenticated\nusing (auth.uid() = user_id);\ncommit;'
  )
})

it.each<[string, Partial<PolicyDraft>, string[]]>([
  ['a complete select', {}, []],
  ['no name', { name: '  ' }, ['Give the policy a name.']],
  ['a name beyond 63 bytes', { name: 'é'.repeat(32) }, ['The name is longer than Postgres keeps (63 bytes).']],
  ['a select without USING', { using: ' ' }, ['Write a USING expression: which rows the policy lets through.']],
  ['an insert without WITH CHECK', { command: 'INSERT', using: 'true' }, ['An INSERT policy needs a WITH CHECK expression.']],
  ['an update with WITH CHECK only', { command: 'UPDATE', using: '', withCheck: 'true' }, []],
  ['NUL', { using: 'a\u0000' }, ['Postgres cannot store the NUL character.']],
])('problems: %s', (_, over, expected) => expect(policyProblems(draft(over))).toEqual(expected))
