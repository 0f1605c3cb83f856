import { expect, type Page } from '@playwright/test'
import { LOCAL_STORAGE_KEYS } from '../lib/local-storage'

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

/**
 * A new user with an organization and an active project, made through the platform's API, and
 * this browser signed in as them: the session stored where the dashboard keeps it, as a sign-in
 * leaves it. For specs about what comes after; the sign-up and creation screens have walks of
 * their own (platform.spec.ts). Nothing is open yet: the spec goes to its first page.
 */
export async function newUserWithProject(page: Page, tag: string, orgName: string, projectName: string): Promise<string> {
  const api = page.request
  const signUpAnswer = await api.post('/auth/v1/signup', { data: { email: uniqueEmail(tag), password: PASSWORD } })
  expect(signUpAnswer.status(), await signUpAnswer.text()).toBe(200)
  const session = await signUpAnswer.json()
  const headers = { Authorization: `Bearer ${session.access_token}` }
  const call = async (method: 'get' | 'post', path: string, data?: object) => {
    const answer = await api[method](`/api/platform${path}`, { headers, data })
    expect(answer.ok(), `${method.toUpperCase()} ${path}: ${await answer.text()}`).toBe(true)
    return answer.json()
  }
  await call('post', '/profile')
  const organization = await call('post', '/organizations', { name: orgName })
  const project = await call('post', '/projects', { name: projectName, organization_slug: organization.slug })
  await expect.poll(async () => (await call('get', `/projects/${project.ref}`)).status, { timeout: 60_000 }).toBe('ACTIVE_HEALTHY')
  const { cookies } = await page.context().storageState()
  const origin = new URL(signUpAnswer.url()).origin
  await page.context().setStorageState({ cookies, origins: [{ origin, localStorage: [{ name: LOCAL_STORAGE_KEYS.AUTH_SESSION, value: JSON.stringify(session) }] }] })
  return project.ref
}

/** Replaces the editor's text and runs it with the keyboard shortcut. */
export async function runSql(page: Page, sql: string, { via = 'shortcut' }: { via?: 'shortcut' | 'button' } = {}) {
  const editor = page.locator('.monaco-editor').first()
  await expect(editor).toBeVisible({ timeout: 30_000 })
  await editor.click()
  await page.keyboard.press('ControlOrMeta+A')
  await page.keyboard.press('Delete')
  await page.keyboard.insertText(sql)
  const runButton = page.getByRole('button', { name: /^Run/ })
  if (via === 'button') return runButton.click()
  // The editor ignores the shortcut while a run is under way (its rows may show before it ends),
  // as the Run button, which is Cancel until then, would: wait for the last run to end.
  await expect(runButton).toBeVisible()
  await page.keyboard.press('ControlOrMeta+Enter')
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
