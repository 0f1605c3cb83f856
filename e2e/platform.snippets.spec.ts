import { expect, test } from '@playwright/test'
import { editorText, newUserWithProject, saveStatus, typeInEditor } from './helpers'

test.describe.configure({ mode: 'serial' })

const UUID_URL = /\/sql\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/


test('a snippet is saved as it is typed, survives a reload, and shows a conflict to a second page', async ({ page }) => {
  const ref = await newUserWithProject(page, 'snippets', 'Snippet Works', 'Saved queries')

  await page.goto(`/project/${ref}/sql/new`)
  await typeInEditor(page, "select 'kept-after-reload' as note", { replace: true })
  // The first save gives the snippet its id in the URL; the editor stays.
  await expect(page).toHaveURL(UUID_URL)
  await expect(saveStatus(page)).toHaveText('Saved')
  const url = page.url()

  await page.reload()
  await expect(editorText(page)).toContainText('kept-after-reload', { timeout: 30_000 })
  await expect(saveStatus(page)).toHaveText('Saved')

  // The same snippet in a second page: the first saves, then the second's save is refused.
  const other = await page.context().newPage()
  await other.goto(url)
  await expect(editorText(other)).toContainText('kept-after-reload', { timeout: 30_000 })

  await typeInEditor(page, '\n-- from the first page')
  await expect(saveStatus(page)).toHaveText('Saved')
  await typeInEditor(other, '\n-- from the second page')
  const conflict = other.getByRole('dialog', { name: 'This snippet was changed elsewhere' })
  await expect(conflict).toBeVisible()
  await conflict.getByRole('button', { name: 'Keep mine' }).click()
  await expect(conflict).toBeHidden()
  await expect(saveStatus(other)).toHaveText('Saved')
  await other.close()

  await page.reload()
  await expect(editorText(page)).toContainText('from the second page', { timeout: 30_000 })
})

test('the sidebar lists a snippet, renames it and deletes it', async ({ page }) => {
  const ref = await newUserWithProject(page, 'sidebar', 'Sidebar Works', 'Listed queries')

  await page.goto(`/project/${ref}/sql/new`)
  await typeInEditor(page, 'select 42 as answer', { replace: true })
  await expect(saveStatus(page)).toHaveText('Saved')

  const sidebar = page.getByRole('complementary', { name: 'Snippets' }).first()
  const mine = sidebar.getByRole('region', { name: 'My snippets' })
  await expect(mine.getByRole('link', { name: 'select 42 as answer' })).toBeVisible()

  await mine.getByRole('button', { name: 'Actions for select 42 as answer' }).click()
  await page.getByRole('button', { name: 'Rename' }).click()
  const name = page.getByRole('textbox', { name: 'New name for select 42 as answer' })
  await name.fill('The answer')
  await name.press('Enter')
  await expect(mine.getByRole('link', { name: 'The answer' })).toBeVisible()

  await page.reload()
  await expect(mine.getByRole('link', { name: 'The answer' })).toHaveAttribute('aria-current', 'page')

  await mine.getByRole('button', { name: 'Actions for The answer' }).click()
  await page.getByRole('button', { name: 'Delete' }).click()
  const confirm = page.getByRole('dialog', { name: 'Delete this snippet?' })
  await confirm.getByRole('button', { name: 'Delete snippet' }).click()
  await expect(mine.getByRole('link', { name: 'The answer' })).toHaveCount(0)
  await expect(page).toHaveURL(/\/sql\/new$/)
  await expect(sidebar.getByText('No saved snippets yet')).toBeVisible()
})
