import { expect, type Page } from '@playwright/test'

export const PASSWORD = 'correct horse battery staple'
export const uniqueEmail = (tag: string) => `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`

export async function signUp(page: Page, email: string, password = PASSWORD) {
  await page.goto('/sign-up')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign up' }).click()
}

export async function signIn(page: Page, email: string, password = PASSWORD, path = '/sign-in') {
  await page.goto(path)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
}

/** Opens the user menu in the header (initials avatar). */
export async function openUserMenu(page: Page) {
  await page.getByRole('button', { name: /account menu/i }).click()
}

export async function signOut(page: Page) {
  await openUserMenu(page)
  await page.getByRole('menuitem', { name: 'Sign out' }).click()
  await expect(page).toHaveURL(/\/sign-in/)
}

/** Creates an organization and a project through the UI; answers the project ref once it is active. */
export async function createOrgAndProject(page: Page, orgName: string, projectName: string): Promise<string> {
  await page.goto('/new')
  await page.getByLabel('Name').fill(orgName)
  await page.getByRole('button', { name: 'Create organization' }).click()
  await expect(page).toHaveURL(/\/new\/[a-z0-9-]+$/)
  await page.getByLabel('Project name').fill(projectName)
  await page.getByRole('button', { name: 'Create new project' }).click()
  await expect(page).toHaveURL(/\/project\/[a-z]{20}$/)
  const ref = page.url().split('/').pop()!
  await expect(page.getByRole('link', { name: 'Open SQL Editor' })).toBeVisible({ timeout: 60_000 })
  return ref
}

/** Replaces the editor's text and runs it with the keyboard shortcut. */
export async function runSql(page: Page, sql: string, { via = 'shortcut' }: { via?: 'shortcut' | 'button' } = {}) {
  const editor = page.locator('.monaco-editor').first()
  await expect(editor).toBeVisible({ timeout: 30_000 })
  await editor.click()
  await page.keyboard.press('ControlOrMeta+A')
  await page.keyboard.press('Delete')
  await page.keyboard.insertText(sql)
  if (via === 'button') await page.getByRole('button', { name: /^Run/ }).click()
  else await page.keyboard.press('ControlOrMeta+Enter')
}

/** Types at the end of the editor's text (without running it). */
export async function typeInEditor(page: Page, text: string, { replace = false } = {}) {
  const editor = page.locator('.monaco-editor').first()
  await expect(editor).toBeVisible({ timeout: 30_000 })
  await editor.click()
  if (replace) {
    await page.keyboard.press('ControlOrMeta+A')
    await page.keyboard.press('Delete')
  } else {
    await page.keyboard.press('ControlOrMeta+End')
  }
  await page.keyboard.insertText(text)
}

export const saveStatus = (page: Page) => page.getByTestId('sql-editor-save-status')
export const editorText = (page: Page) => page.locator('.monaco-editor .view-lines').first()
