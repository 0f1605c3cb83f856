import { expect, test } from '@playwright/test'
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createOrgAndProject, editorText, newUserWithProject, runSql, saveStatus, signUp, typeInEditor, uniqueEmail } from './helpers'

const PORT = 3220
const BASE = `http://127.0.0.1:${PORT}`

test.use({ baseURL: BASE })

function startServer(dataDir: string): ChildProcess {
  return spawn(process.execPath, ['scripts/start.mjs'], {
    env: { ...process.env, SKIP_BUILD: 'true', PORT: String(PORT), LISTEN_HOST: '127.0.0.1', DATA_DIR: dataDir },
    stdio: 'ignore',
    // Its own process group: kill -9 then reaches the Next server it starts, too.
    detached: true,
  })
}

/** kill -9 of the whole server (the start script and the Next server under it): no shutdown at all. */
async function killServer(child: ChildProcess) {
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve))
    process.kill(-child.pid!, 'SIGKILL')
    await exited
  }
  // The port is free once every process of the group is gone.
  for (let i = 0; i < 200; i++) {
    try {
      await fetch(`${BASE}/api/config`)
    } catch {
      return
    }
    await new Promise((r) => setTimeout(r, 100))
  }
}

async function waitUntilUp() {
  // A first start makes its PostgreSQL cluster: on a busy machine that takes a while.
  const deadline = Date.now() + 150_000
  while (Date.now() < deadline) {
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
  // Starts a server of its own twice (each with its PostgreSQL) on top of the shared one's work.
  test.setTimeout(300_000)
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

test('kill -9 while typing: what the server acknowledged is kept, what it did not is shown unsaved and saved afterwards', async ({ page }) => {
  // Starts a server of its own twice (each with its PostgreSQL) on top of the shared one's work.
  test.setTimeout(300_000)
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-kill-'))
  let server = startServer(dataDir)
  try {
    await waitUntilUp()
    const ref = await newUserWithProject(page, 'kill', 'Crash Test', 'Survives kill -9')
    await page.goto(`/project/${ref}/sql/new`)
    await typeInEditor(page, "select 'acknowledged before the crash' as note", { replace: true })
    await expect(page).toHaveURL(/\/sql\/[0-9a-f-]{36}$/)
    await expect(saveStatus(page)).toHaveText('Saved')
    const url = page.url()

    await killServer(server)
    await typeInEditor(page, '\n-- typed while the server was down')
    // Not acknowledged: the editor says so instead of pretending.
    await expect(saveStatus(page)).toContainText(/Not saved|Offline/, { timeout: 30_000 })

    server = startServer(dataDir)
    await waitUntilUp()
    const saveNow = page.getByRole('button', { name: 'Save now' })
    // The editor retries on its own too: the button may go (the save done) before it is clicked.
    // Either way the status below must end at Saved.
    if (await saveNow.isVisible()) await saveNow.click({ timeout: 5_000 }).catch(() => undefined)
    await expect(saveStatus(page)).toHaveText('Saved', { timeout: 60_000 })

    // A fresh page reads both parts from the platform.
    const fresh = await page.context().newPage()
    await fresh.goto(url)
    await expect(editorText(fresh)).toContainText('acknowledged before the crash', { timeout: 30_000 })
    await expect(editorText(fresh)).toContainText('typed while the server was down')
    await fresh.close()
  } finally {
    await killServer(server).catch(() => undefined)
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
})
