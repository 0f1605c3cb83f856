import { expect, test } from '@playwright/test'
import { newUserWithProject, runSql } from './helpers'
import { photograph } from './photograph'

/**
 * Authentication → Policies on the real platform: reached from the project's navigation, a table
 * made in the SQL editor is listed with RLS off; RLS is enabled after its SQL is shown; a policy from the "Users can read their own
 * rows" template is reviewed, created and listed, and Postgres has it.
 */
test('Authentication → Policies: enable RLS on a new table and add a policy from a template', async ({ page }) => {
  test.setTimeout(240_000)
  await page.setViewportSize({ width: 1280, height: 860 })
  await page.addInitScript(() => window.localStorage.setItem('supaboard-telemetry-consent', 'false'))
  const ref = await newUserWithProject(page, 'policies', 'Policies org', 'Policies db')

  await page.goto(`/project/${ref}/sql/new`)
  await runSql(page, 'create table todos (id bigint generated always as identity primary key, user_id uuid, title text not null); select 1 as made')
  await expect(page.getByRole('gridcell', { name: '1', exact: true })).toBeVisible()

  // From the project's navigation, under Authentication. Users first: the project's auth service
  // makes its auth schema (auth.uid()) when first used.
  const nav = page.getByRole('navigation', { name: 'Project' })
  await nav.getByRole('link', { name: 'Users' }).click()
  await expect(page.getByText('No users yet')).toBeVisible({ timeout: 30_000 })
  await nav.getByRole('link', { name: 'Policies', exact: true }).click()
  await expect(page).toHaveURL(new RegExp(`/project/${ref}/auth/policies$`))
  await expect(page.getByRole('heading', { name: 'Policies', level: 1 })).toBeVisible()
  const todos = page.getByRole('region', { name: 'Table public.todos' })
  await expect(todos.getByText('RLS disabled')).toBeVisible()

  await todos.getByRole('button', { name: 'Enable RLS on public.todos' }).click()
  const confirm = page.getByRole('dialog', { name: 'Enable row level security on public.todos' })
  await expect(confirm.getByLabel('SQL to run', { exact: true })).toHaveText('alter table public.todos enable row level security;')
  await confirm.getByRole('button', { name: 'Enable RLS' }).click()
  await expect(confirm).toBeHidden()
  await expect(todos.getByText('RLS enabled')).toBeVisible()

  await todos.getByRole('button', { name: 'New policy on public.todos' }).click()
  const editor = page.getByRole('dialog', { name: 'New policy' })
  await editor.getByRole('button', { name: /Users can read their own rows/ }).click()
  await expect(editor.getByLabel('USING expression')).toHaveValue('auth.uid() = user_id')
  await photograph(page, 'auth-policies-editor', { widths: [375, 1280] })
  await page.setViewportSize({ width: 1280, height: 860 })
  await editor.getByRole('button', { name: 'Review SQL' }).click()
  const review = page.getByRole('dialog', { name: 'Create policy Users can read their own rows' })
  await expect(review.getByLabel('SQL to run', { exact: true })).toHaveText(
    'create policy "Users can read their own rows"\non public.todos\nas permissive\nfor select\nto authenticated\nusing (auth.uid() = user_id);'
  )
  await review.getByRole('button', { name: 'Create policy' }).click()
  await expect(review).toBeHidden()
  await expect(editor).toBeHidden()

  const listed = todos.getByRole('list', { name: 'Policies on public.todos' })
  await expect(listed.getByText('Users can read their own rows')).toBeVisible()
  await expect(listed.getByText('(auth.uid() = user_id)')).toBeVisible()
  await photograph(page, 'auth-policies', { widths: [375, 1280] })

  // Postgres has it.
  await page.goto(`/project/${ref}/sql/new`)
  await runSql(page, "select policyname || ' for ' || cmd as policy from pg_policies where tablename = 'todos'")
  await expect(page.getByRole('gridcell', { name: 'Users can read their own rows for SELECT', exact: true })).toBeVisible()
})
