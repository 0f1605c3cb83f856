import { expect, test } from '@playwright/test'
import { newUserWithProject, runSql } from './helpers'
import { photograph } from './photograph'

/**
 * The data API as an application meets it: a table made in the SQL editor is served at once at
 * the project's REST URL with the anon key shown on Project settings → API; the service key,
 * revealed there, writes; a wrong key is refused.
 */
test('Project settings → API: the URL and keys it shows serve a table made in the SQL editor; the revealed service key writes', async ({ page }) => {
  test.setTimeout(240_000)
  await page.setViewportSize({ width: 1280, height: 860 })
  await page.addInitScript(() => window.localStorage.setItem('supaboard-telemetry-consent', 'false'))
  const ref = await newUserWithProject(page, 'data-api', 'Data API org', 'Data API db')

  await page.goto(`/project/${ref}/sql/new`)
  await runSql(page, "create table todos (id int primary key, title text not null); insert into todos values (1, 'first') returning title as made")
  await expect(page.getByRole('gridcell', { name: 'first', exact: true })).toBeVisible()

  await page.goto(`/project/${ref}/settings/api`)
  const value = (label: string) => page.locator(`code[aria-labelledby="api-${label}"]`)
  await expect(value('rest-url')).toHaveText(new RegExp(`/p/${ref}/rest/v1$`))
  const restUrl = (await value('rest-url').textContent())!
  const anon = (await value('anon').textContent())!
  expect(anon.split('.')).toHaveLength(3)

  const read = await fetch(`${restUrl}/todos?select=id,title`, { headers: { apikey: anon } })
  expect(read.status).toBe(200)
  expect(await read.json()).toEqual([{ id: 1, title: 'first' }])

  await page.getByRole('button', { name: 'Reveal' }).click()
  await expect(value('service_role')).not.toContainText('•')
  const service = (await value('service_role').textContent())!
  const write = await fetch(`${restUrl}/todos`, {
    method: 'POST',
    headers: { apikey: service, 'content-type': 'application/json', prefer: 'return=representation' },
    body: JSON.stringify({ id: 2, title: 'second' }),
  })
  expect(write.status).toBe(201)
  expect(await write.json()).toEqual([{ id: 2, title: 'second' }])

  const refused = await fetch(`${restUrl}/todos`, { headers: { apikey: `${anon}x` } })
  expect(refused.status).toBe(401)

  await page.getByRole('button', { name: 'Hide' }).click()
  await photograph(page, 'api-settings', { widths: [375, 1280] })
})
