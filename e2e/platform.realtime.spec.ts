import { expect, test } from '@playwright/test'
import { newUserWithProject, runSql } from './helpers'
import { photograph } from './photograph'

/**
 * Realtime on the real platform, as a new user meets it: the settings page says what is in force
 * and nothing is published; a table is published from the SQL editor; the inspector joins a
 * channel as anon with database changes, shows a row another tab inserts from the SQL editor, its
 * own broadcast, holds messages while paused and shows them on resume.
 */
test('Realtime: the settings, and the inspector showing a row inserted from the SQL editor and a broadcast', async ({ page, context }) => {
  test.setTimeout(180_000)
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.addInitScript(() => window.localStorage.setItem('supaboard-telemetry-consent', 'false'))
  const ref = await newUserWithProject(page, 'realtime', 'Realtime org', 'Live db')

  await page.goto(`/project/${ref}/realtime/settings`)
  await expect(page.getByRole('heading', { name: 'Realtime settings' })).toBeVisible()
  await expect(page.getByText('No table is published yet')).toBeVisible()
  await expect(page.getByText('200', { exact: true })).toBeVisible()
  await photograph(page, 'realtime-settings', { widths: [375, 1280] })

  await page.goto(`/project/${ref}/sql/new`)
  await runSql(
    page,
    'create table public.notes (id bigint generated always as identity primary key, body text not null);\n' +
      'alter table public.notes enable row level security;\n' +
      "create policy \"anyone reads notes\" on public.notes for select to anon using (true);\n" +
      'grant select on public.notes to anon;\n' +
      'alter publication supabase_realtime add table public.notes'
  )
  await expect(page.getByText('Success. No rows returned').first()).toBeVisible()

  await page.getByRole('navigation', { name: 'Project' }).getByRole('link', { name: 'Inspector' }).click()
  await expect(page).toHaveURL(new RegExp(`/project/${ref}/realtime/inspector$`))
  await expect(page.getByText('Not listening')).toBeVisible()
  await photograph(page, 'realtime-inspector-idle', { widths: [375, 1280] })
  await page.getByLabel('Channel').fill('')
  await page.getByRole('button', { name: 'Join channel' }).click()
  await expect(page.getByText('Name the channel to join.')).toBeVisible()
  await page.getByLabel('Channel').fill('room-1')
  await page.getByLabel('Table').fill('notes')
  await page.getByRole('button', { name: 'Join channel' }).click()
  await expect(page.getByRole('heading', { name: 'Listening to room-1' })).toBeVisible()
  const messages = page.getByRole('list', { name: 'Realtime messages' })
  await expect(messages.getByText('System: Subscribed to PostgreSQL')).toBeVisible()

  // Another tab inserts a row from the SQL editor: the inspector shows it.
  const editor = await context.newPage()
  await editor.goto(`/project/${ref}/sql/new`)
  await runSql(editor, "insert into public.notes (body) values ('hello from the editor')")
  await expect(editor.getByText('Success. No rows returned').first()).toBeVisible()
  await editor.close()
  const insert = messages.getByRole('listitem').filter({ hasText: 'INSERT on public.notes' })
  await expect(insert).toBeVisible()
  await insert.getByText('INSERT on public.notes').click()
  await expect(insert.getByText(/hello from the editor/)).toBeVisible()

  // Its own broadcast comes back (self), and a paused stream holds what arrives.
  await page.getByRole('button', { name: 'Pause' }).click()
  await page.getByLabel('Event').fill('wave')
  await page.getByRole('button', { name: 'Send broadcast' }).click()
  await expect(page.getByText('Paused: 1 message held.')).toBeVisible()
  await expect(messages.getByText('Broadcast “wave”')).toHaveCount(0)
  await page.getByRole('button', { name: 'Resume' }).click()
  await expect(messages.getByText('Broadcast “wave”')).toBeVisible()
  await photograph(page, 'realtime-inspector-messages', { widths: [375, 1280] })

  await page.getByRole('button', { name: 'Leave channel' }).click()
  await expect(page.getByRole('button', { name: 'Join channel' })).toBeVisible()
})
