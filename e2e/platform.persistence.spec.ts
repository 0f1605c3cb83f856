import { expect, test } from '@playwright/test'
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createOrgAndProject, runSql, signUp, uniqueEmail } from './helpers'

const PORT = 3220
const BASE = `http://127.0.0.1:${PORT}`

test.use({ baseURL: BASE })

function startServer(dataDir: string): ChildProcess {
  return spawn(process.execPath, ['scripts/start.mjs'], {
    env: { ...process.env, SKIP_BUILD: 'true', PORT: String(PORT), HOSTNAME: '127.0.0.1', DATA_DIR: dataDir },
    stdio: 'ignore',
  })
}

async function waitUntilUp() {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${BASE}/api/config`)).ok) return
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 250))
  }
  throw new Error('server did not start')
}

async function stopServer(child: ChildProcess) {
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  await exited
}

test('what the user creates survives a server restart', async ({ page }) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-persist-'))
  let server = startServer(dataDir)
  try {
    await waitUntilUp()
    const email = uniqueEmail('persist')
    await signUp(page, email)
    await expect(page).toHaveURL(/\/projects$/)
    const ref = await createOrgAndProject(page, 'Durable', 'Keeps data')
    await page.goto(`/project/${ref}/sql/new`)
    await runSql(page, "create table kept (id int primary key, note text);\ninsert into kept values (1, 'still here'), (2, 'me too');")
    await expect(page.getByRole('tablist', { name: 'Statement results' }).getByRole('tab')).toHaveCount(2)

    await stopServer(server)
    server = startServer(dataDir)
    await waitUntilUp()

    // The session survives the restart too: the signing secret and sessions live in the control plane.
    await page.goto(`/project/${ref}/sql/new`)
    await runSql(page, 'select note from kept order by id')
    await expect(page.getByRole('grid').getByRole('gridcell', { name: 'still here' })).toBeVisible()
    await expect(page.getByRole('grid').getByRole('gridcell', { name: 'me too' })).toBeVisible()
  } finally {
    await stopServer(server)
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
})
