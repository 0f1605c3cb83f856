import { createPolicySql, policyProblems } from './policy-sql'
import { POLICY_TEMPLATES } from './templates'

const todos = { schema: 'public', name: 'todos' }
const sqlOf = (id: string, column = 'user_id') => createPolicySql(todos, POLICY_TEMPLATES.find((t) => t.id === id)!.draft(column))

it.each([
  ['read-everyone', 'create policy "Enable read access for everyone"\non public.todos\nas permissive\nfor select\nto public\nusing (true);'],
  ['read-authenticated', 'create policy "Read for authenticated users only"\non public.todos\nas permissive\nfor select\nto authenticated\nusing (true);'],
  ['read-own', 'create policy "Users can read their own rows"\non public.todos\nas permissive\nfor select\nto authenticated\nusing (auth.uid() = user_id);'],
  ['insert-own', 'create policy "Users can insert their own rows"\non public.todos\nas permissive\nfor insert\nto authenticated\nwith check (auth.uid() = user_id);'],
  [
    'update-own',
    'create policy "Users can update their own rows"\non public.todos\nas permissive\nfor update\nto authenticated\nusing (auth.uid() = user_id)\nwith check (auth.uid() = user_id);',
  ],
  ['delete-own', 'create policy "Users can delete their own rows"\non public.todos\nas permissive\nfor delete\nto authenticated\nusing (auth.uid() = user_id);'],
])('template %s', (id, expected) => expect(sqlOf(id)).toBe(expected))

it('quotes an owner column that needs it', () => {
  expect(sqlOf('read-own', 'Owner Id')).toContain('using (auth.uid() = "Owner Id")')
})

it('every template makes a complete policy', () => {
  for (const t of POLICY_TEMPLATES) expect(policyProblems(t.draft('user_id'))).toEqual([])
})
