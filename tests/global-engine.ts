/**
 * One PostgreSQL server for the whole test run, started the way the platform starts its own
 * (server/engine/cluster.ts, as an unprivileged account when the run is root). Each test platform
 * gets a control-plane database of its own on it and provisions its projects there
 * (tests/helpers/test-platform.ts), so suites never share rows. Durability is off: it is thrown
 * away at the end.
 *
 * The control-plane migrations run once here, into a template database: each test platform's
 * control plane is a copy of it (`create database … template`, made by the server), and the
 * platform's own start finds every migration applied. About a hundred test platforms each ran all
 * of them before.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { startEngine } from '../server/engine/cluster'
import { openServerControlPlane } from '../server/db/control-plane'
import { migrate } from '../server/db/migrate'

/** The migrated control plane that test platforms copy (see startTestPlatform); nobody connects to it afterwards. */
const CONTROL_PLANE_TEMPLATE = 'control_plane_template'

declare module 'vitest' {
  export interface ProvidedContext {
    engineAdminUrl: string
    controlPlaneTemplate: string
  }
}

/**
 * Both API projects (api, api-own-modules) name this setup, and vitest runs each project's global
 * setups in its one main process: the first call starts the server, the other shares it, and the
 * last teardown stops it.
 */
const SHARED = Symbol.for('tests/global-engine')
type SharedEngine = { started: Promise<{ adminUrl: string; stop: () => Promise<void> }>; users: number }

export default async function setup(project: TestProject) {
  const holder = globalThis as { [SHARED]?: SharedEngine }
  const shared = (holder[SHARED] ??= { started: startEngineWithTemplate(), users: 0 })
  shared.users++
  const { adminUrl, stop } = await shared.started
  project.provide('engineAdminUrl', adminUrl)
  project.provide('controlPlaneTemplate', CONTROL_PLANE_TEMPLATE)
  return async () => {
    if (--shared.users > 0) return
    delete holder[SHARED]
    await stop()
  }
}

async function startEngineWithTemplate() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'test-engine-'))
  fs.chmodSync(dir, 0o755)
  const engine = await startEngine({ dataDir: dir, port: 0, durable: false })
  await migratedTemplate(engine.adminUrl())
  const stop = async () => {
    await engine.stop()
    fs.rmSync(dir, { recursive: true, force: true })
  }
  return { adminUrl: engine.adminUrl(), stop }
}

async function migratedTemplate(adminUrl: string) {
  await asAdmin(adminUrl, `create database ${CONTROL_PLANE_TEMPLATE}`)
  const url = new URL(adminUrl)
  url.pathname = `/${CONTROL_PLANE_TEMPLATE}`
  const db = await openServerControlPlane(url.toString())
  try {
    await migrate(db)
  } finally {
    await db.close()
  }
  // Nobody may connect to it from now on: a session on it would make every copy fail ("source
  // database is being accessed by other users").
  await asAdmin(adminUrl, `alter database ${CONTROL_PLANE_TEMPLATE} allow_connections false`)
}

/** One statement as the server's admin (asEngineAdmin of the test helpers reads the URL vitest provides to workers, which a global setup has not). */
async function asAdmin(adminUrl: string, sql: string) {
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  try {
    await admin.query(sql)
  } finally {
    await admin.end()
  }
}
