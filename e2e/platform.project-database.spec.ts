import { expect, test, type Page } from '@playwright/test'
import pg from 'pg'
import { newUserWithProject, runSql } from './helpers'
import { photograph } from './photograph'

/**
 * The project's database pages end to end: a table made, filled, edited and filtered in the table
 * editor (every change reviewed as SQL, then found in the SQL editor's history), read back through
 * GraphiQL and through the connection string the home page copies; an extension enabled and used;
 * the other database pages photographed at phone and desktop width, light and dark.
 */

const PETS = [
  { name: 'Rex', age: '3', adopted: 'true' },
  { name: 'Tom', age: '5', adopted: 'false' },
  { name: 'Bella', age: '2', adopted: 'true' },
]

async function startProject(page: Page, tag: string, projectName: string) {
  await page.addInitScript(() => window.localStorage.setItem('supaboard-telemetry-consent', 'false'))
  return newUserWithProject(page, tag, `${projectName} org`, projectName)
}

/** The review dialog every table-editor change passes through: its SQL is checked, then run. */
async function runReviewed(page: Page, title: string | RegExp, sqlStart: RegExp, runLabel: string) {
  const dialog = page.getByRole('dialog', { name: title })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByLabel('SQL to run')).toHaveText(sqlStart)
  await dialog.getByRole('button', { name: runLabel, exact: true }).click()
  await expect(dialog).toBeHidden()
}

test('a table made, filled, edited and filtered in the editor; read by GraphiQL and by the copied connection string', async ({ page, context }) => {
  test.setTimeout(300_000)
  await page.setViewportSize({ width: 1280, height: 860 })
  const ref = await startProject(page, 'table-editor', 'Pets db')
  await page.goto(`/project/${ref}`)

  // The table editor from the project's navigation: an empty schema offers to create a table.
  await page.getByRole('navigation', { name: 'Project' }).getByRole('link', { name: 'Table editor' }).click()
  await expect(page).toHaveURL(new RegExp(`/project/${ref}/editor`))
  await page.getByRole('button', { name: 'Create a table' }).click()
  const panel = page.getByRole('dialog', { name: 'New table in public' })
  await expect(panel).toBeVisible()
  await panel.getByLabel('Name', { exact: true }).fill('pets')
  const columns = [
    { name: 'name', type: 'text' },
    { name: 'age', type: 'int4' },
    { name: 'adopted', type: 'bool' },
  ]
  for (const [offset, column] of columns.entries()) {
    const n = offset + 3 // after the starter id and created_at
    await panel.getByRole('button', { name: 'Add column' }).click()
    await panel.getByLabel(`Column ${n} name`).fill(column.name)
    await panel.getByLabel(`Column ${n} type`, { exact: true }).selectOption(column.type)
  }
  await expect(panel.getByLabel('Enable row-level security')).toBeChecked()
  await panel.getByRole('button', { name: 'Review SQL' }).click()
  const create = page.getByRole('dialog', { name: 'Create public.pets' })
  await expect(create.getByLabel('SQL to run')).toContainText('adopted bool')
  await expect(create.getByLabel('SQL to run')).toContainText('enable row level security')
  await runReviewed(page, 'Create public.pets', /create table public\.pets \(/, 'Create table')
  await expect(page).toHaveURL(new RegExp(`/project/${ref}/editor/public/pets`))
  await expect(page.getByText('This table has no rows yet.')).toBeVisible()

  // Three rows through the insert panel, each INSERT reviewed.
  for (const pet of PETS) {
    await page.getByRole('button', { name: 'Insert row' }).click()
    const insert = page.getByRole('dialog', { name: 'Add a row to pets' })
    await expect(insert).toBeVisible()
    await insert.getByLabel('How to fill name').selectOption('value')
    await insert.getByLabel('name', { exact: true }).fill(pet.name)
    await insert.getByLabel('How to fill age').selectOption('value')
    await insert.getByLabel('age', { exact: true }).fill(pet.age)
    await insert.getByLabel('How to fill adopted').selectOption('value')
    await insert.getByLabel('adopted', { exact: true }).selectOption(pet.adopted)
    await insert.getByRole('button', { name: 'Review SQL' }).click()
    await runReviewed(page, 'Insert a row into pets', /^insert into public\.pets /, 'Insert row')
    await expect(insert).toBeHidden()
    await expect(page.getByRole('gridcell', { name: `name: ${pet.name}` })).toBeVisible()
  }
  const grid = page.getByRole('grid', { name: 'Rows of public.pets' })
  await expect(grid.getByRole('row')).toHaveCount(PETS.length + 1)

  // A cell edited inline: a double click, a value, Enter, and the UPDATE reviewed.
  await grid.getByRole('gridcell', { name: 'age: 5' }).dblclick()
  const cellInput = page.getByLabel('New value of age')
  await expect(cellInput).toBeFocused()
  await cellInput.fill('6')
  await cellInput.press('Enter')
  await runReviewed(page, 'Change age', /^update public\.pets\nset age = /, 'Update')
  await expect(grid.getByRole('gridcell', { name: 'age: 6' })).toBeVisible()
  await expect(grid.getByRole('gridcell', { name: 'age: 5' })).toHaveCount(0)
  // The photograph is of the page, not of the toast over its header. The pointer leaves the
  // top-right corner first: sonner holds its toasts while the pointer rests over them.
  await page.mouse.move(0, 859)
  await expect(page.getByText('age updated')).toBeHidden()
  await photograph(page, 'table-editor', { widths: [375, 1280] })
  await page.setViewportSize({ width: 1280, height: 860 })

  // A filter: only the matching row is left.
  await page.getByRole('button', { name: 'Filter', exact: true }).click()
  await page.getByRole('button', { name: 'Add filter' }).click()
  await page.getByLabel('Filter 1 column').selectOption('name')
  await page.getByLabel('Filter 1 operator').selectOption('=')
  await page.getByLabel('Filter 1 value').fill('Tom')
  await expect(page.getByRole('button', { name: 'Filter (1)' })).toBeVisible()
  await expect(grid.getByRole('row')).toHaveCount(2)
  await expect(grid.getByRole('gridcell', { name: 'name: Tom' })).toBeVisible()
  await expect(grid.getByRole('gridcell', { name: 'name: Rex' })).toHaveCount(0)
  await photograph(page, 'table-editor-filtered', { widths: [375, 1280] })
  await page.setViewportSize({ width: 1280, height: 860 })

  // What ran is the user's own SQL: the editor's history has the CREATE, the INSERTs and the UPDATE.
  await page.goto(`/project/${ref}/sql/new`)
  await page.getByRole('tab', { name: 'History' }).click()
  const history = page.getByRole('region', { name: 'Query history' })
  await expect(history.locator('code').filter({ hasText: /create table public\.pets \(/ })).toBeVisible()
  await expect(history.locator('code').filter({ hasText: /^insert into public\.pets / })).toHaveCount(PETS.length)
  await expect(history.locator('code').filter({ hasText: /^update public\.pets/ })).toHaveCount(1)

  // GraphiQL: a query typed into its editor answers the table's rows.
  await page.getByRole('navigation', { name: 'Project' }).getByRole('link', { name: 'GraphiQL' }).click()
  await expect(page).toHaveURL(new RegExp(`/project/${ref}/api/graphiql`))
  const queryEditor = page.locator('.graphiql-query-editor .CodeMirror')
  await expect(queryEditor).toBeVisible({ timeout: 30_000 })
  // The default query opens on the first table: pets.
  await expect(queryEditor).toContainText('allPets')
  await queryEditor.evaluate((element, text) => {
    ;(element as HTMLElement & { CodeMirror: { setValue: (value: string) => void } }).CodeMirror.setValue(text)
  }, 'query FirstPets {\n  allPets(first: 10) {\n    totalCount\n    nodes { name age adopted }\n  }\n}\n')
  await page.locator('.graphiql-execute-button').click()
  const response = page.locator('.graphiql-response')
  // Every row, the edited age included (the default query's operation, its selection replaced).
  await expect(response).toContainText('"totalCount": 3')
  await expect(response).toContainText('"Rex"')
  await expect(response).toContainText('"Bella"')
  await expect(response).toContainText('"age": 6')
  await photograph(page, 'graphiql', { widths: [375, 1280] })
  await page.setViewportSize({ width: 1280, height: 860 })

  // The connection string: revealed, copied, and used by a Postgres client of this process.
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await page.goto(`/project/${ref}`)
  await page.getByRole('button', { name: 'Reveal password' }).click()
  await expect(page.getByRole('button', { name: 'Hide password' })).toBeVisible()
  const shown = page.getByRole('tabpanel', { name: 'URI' }).locator('pre')
  await expect(shown).toHaveText(/^postgres(ql)?:\/\//)
  await expect(shown).not.toContainText('[YOUR-PASSWORD]')
  await page.getByRole('button', { name: 'Copy the connection string' }).click()
  const copied = await page.evaluate(() => navigator.clipboard.readText())
  expect(copied).toBe(await shown.textContent())
  const client = new pg.Client({ connectionString: copied })
  await client.connect()
  try {
    const { rows } = await client.query<{ count: string; ages: string }>('select count(*) as count, sum(age) as ages from public.pets')
    expect(rows[0]).toEqual({ count: String(PETS.length), ages: '11' })
  } finally {
    await client.end()
  }
  await photograph(page, 'project-home-connect', { widths: [375, 1280] })
})

test('an extension enabled, with its SQL shown first, then used from the SQL editor', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 860 })
  const ref = await startProject(page, 'extensions', 'Extensions db')
  await page.goto(`/project/${ref}/database/extensions`)
  await expect(page.getByRole('heading', { name: 'Extensions', level: 1 })).toBeVisible()
  await page.getByLabel('Search').fill('citext')
  const card = page.getByRole('listitem', { name: 'citext', exact: true })
  await expect(card).toBeVisible()
  await card.getByRole('switch', { name: 'Enable citext' }).click()

  const dialog = page.getByRole('dialog', { name: 'Enable citext' })
  await expect(dialog).toBeVisible()
  // Into the platform's schema, as hosted projects put them; found unqualified all the same.
  await expect(dialog.getByLabel('SQL that will run')).toContainText('create extension "citext" with schema "extensions"')
  await dialog.getByRole('button', { name: 'Enable extension' }).click()
  await expect(dialog).toBeHidden()
  await expect(card.getByRole('switch', { name: 'Disable citext' })).toHaveAttribute('aria-checked', 'true')
  await expect(card).toContainText('in schema extensions')
  await expect(page.getByText('Enabled citext in schema extensions')).toBeHidden()
  await photograph(page, 'extensions', { widths: [375, 1280] })
  await page.setViewportSize({ width: 1280, height: 860 })

  // Its guide link leads to a page, not a 404.
  await card.getByRole('link', { name: 'Guide' }).click()
  await expect(page).toHaveURL(/\/guides\/database\/extensions\/citext$/)
  await expect(page.getByRole('heading', { name: 'The citext extension', level: 1 })).toBeVisible()
  await expect(page.getByText('create extension "citext" with schema "public";')).toBeVisible()

  // It really is there: the type compares without regard to case.
  await page.goto(`/project/${ref}/sql/new`)
  await runSql(page, "select 'Hello'::citext = 'HELLO' as same_text")
  await expect(page.getByRole('gridcell', { name: 'true', exact: true })).toBeVisible()
})

test('the other database pages fit a phone and a desktop, light and dark', async ({ page }) => {
  test.setTimeout(240_000)
  const ref = await startProject(page, 'database-pages', 'Pages db')
  const pages = [
    { name: 'logs', path: 'logs', heading: 'Logs' },
    { name: 'query-performance', path: 'advisors/query-performance', heading: 'Query performance' },
    { name: 'cron', path: 'integrations/cron', heading: 'Cron jobs' },
    { name: 'vault', path: 'settings/vault/secrets', heading: 'Vault' },
    { name: 'wrappers', path: 'database/wrappers', heading: 'Foreign data wrappers' },
    { name: 'hooks', path: 'database/hooks', heading: 'Database webhooks' },
  ]
  // Every page is checked even when one overflows: the failures are said together at the end.
  const overflowing: string[] = []
  for (const target of pages) {
    await page.setViewportSize({ width: 1280, height: 860 })
    await page.goto(`/project/${ref}/${target.path}`)
    await expect(page.getByRole('heading', { name: target.heading, level: 1 })).toBeVisible()
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0)
    try {
      await photograph(page, target.name, { widths: [375, 1280] })
    } catch (error) {
      overflowing.push(`${target.name}: ${(error as Error).message.split('\n')[0]}`)
    }
  }
  expect(overflowing).toEqual([])
})
