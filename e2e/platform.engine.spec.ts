import { expect, test } from '@playwright/test'
import pg from 'pg'
import { newUserWithProject, runSql } from './helpers'
import { photograph } from './photograph'

/**
 * The one engine as a new user meets it: a project is a real PostgreSQL database. Its Connect
 * card's URI serves a pool of 20 clients at once while one of them sits in an open transaction
 * holding a row lock, and the dashboard's SQL editor is not held up by it; query performance,
 * enabled from its page, shows the statements those clients ran; hstore and ltree are enabled
 * from the Extensions page, and postgres_fdw is refused there with its reason.
 */
test('a project on the built-in PostgreSQL server: many clients at once, query performance, extensions', async ({ page }) => {
  test.setTimeout(300_000)
  await page.setViewportSize({ width: 1280, height: 860 })
  await page.addInitScript(() => window.localStorage.setItem('supaboard-telemetry-consent', 'false'))
  const ref = await newUserWithProject(page, 'engine', 'Engine org', 'Engine db')

  // The Connect card: a real server's URI, with no word of a shared session.
  await page.goto(`/project/${ref}`)
  await expect(page.getByText(/share one (database )?session/i)).toHaveCount(0)
  await page.getByRole('button', { name: 'Reveal password' }).click()
  const shown = page.getByRole('tabpanel', { name: 'URI' }).locator('pre')
  await expect(shown).not.toContainText('[YOUR-PASSWORD]')
  const uri = (await shown.textContent())!
  expect(uri).toMatch(new RegExp(`^postgresql://p_${ref}:[^@]+@127\\.0\\.0\\.1:\\d+/p_${ref}$`))

  const pool = new pg.Pool({ connectionString: uri, max: 20 })
  const holder = new pg.Client({ connectionString: uri })
  try {
    await pool.query('create table counters (id int primary key, n int not null); insert into counters values (1, 0)')
    // One client holds the row in an open transaction …
    await holder.connect()
    await holder.query('begin')
    await holder.query('update counters set n = n + 1 where id = 1')
    // … while 20 others run at once, each in a session of its own …
    const pids = await Promise.all(Array.from({ length: 20 }, () => pool.query<{ pid: number }>('select pg_backend_pid() as pid, pg_sleep(0.2) /* engine-walk */')))
    expect(new Set(pids.map((r) => r.rows[0].pid)).size).toBe(20)
    // … and the dashboard's SQL editor reads the committed row meanwhile.
    await page.goto(`/project/${ref}/sql/new`)
    await runSql(page, 'select n as committed_n from counters where id = 1')
    await expect(page.getByRole('columnheader', { name: 'committed_n' })).toBeVisible()
    await expect(page.getByRole('gridcell', { name: '0', exact: true })).toBeVisible()
    await holder.query('commit')

    // Query performance: on from the start, it lists what the clients ran before its first visit.
    for (let i = 0; i < 3; i++) await pool.query('select count(*) from counters /* engine-walk-stats */')
    await page.goto(`/project/${ref}/advisors/query-performance`)
    await expect(page.getByRole('table')).toContainText('engine-walk-stats', { timeout: 30_000 })
    await photograph(page, 'query-performance', { widths: [375, 1280] })
    await page.setViewportSize({ width: 1280, height: 860 })
  } finally {
    await holder.end().catch(() => undefined)
    await pool.end()
  }

  // Extensions: hstore and ltree enabled by the project; postgres_fdw refused, saying why.
  await page.goto(`/project/${ref}/database/extensions`)
  await expect(page.getByRole('heading', { name: 'Extensions', level: 1 })).toBeVisible()
  for (const name of ['hstore', 'ltree']) {
    await page.getByLabel('Search').fill(name)
    const card = page.getByRole('listitem', { name, exact: true })
    await card.getByRole('switch', { name: `Enable ${name}` }).click()
    const dialog = page.getByRole('dialog', { name: `Enable ${name}` })
    await dialog.getByRole('button', { name: 'Enable extension' }).click()
    await expect(dialog).toBeHidden()
    await expect(card.getByRole('switch', { name: `Disable ${name}` })).toHaveAttribute('aria-checked', 'true')
  }
  await page.getByLabel('Search').fill('postgres_fdw')
  const fdw = page.getByRole('listitem', { name: 'postgres_fdw', exact: true })
  await expect(fdw.getByRole('switch', { name: 'Enable postgres_fdw' })).toBeDisabled()
  await expect(fdw).toContainText(/network/i)
  await photograph(page, 'extensions-refused', { widths: [375, 1280] })
  await page.setViewportSize({ width: 1280, height: 860 })

  await page.goto(`/project/${ref}/sql/new`)
  await runSql(page, "select ('a=>1'::hstore) -> 'a' as h, 'top.child'::ltree as path")
  await expect(page.getByRole('gridcell', { name: 'top.child', exact: true })).toBeVisible()
})
