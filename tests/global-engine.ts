/**
 * One PostgreSQL server for the whole test run, started the way the platform starts its own
 * (server/engine/cluster.ts, as an unprivileged account when the run is root). Each test platform
 * gets a control-plane database of its own on it and provisions its projects there
 * (tests/helpers/test-platform.ts), so suites never share rows. Durability is off: it is thrown
 * away at the end.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { startEngine } from '../server/engine/cluster'

declare module 'vitest' {
  export interface ProvidedContext {
    engineAdminUrl: string
  }
}

export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'test-engine-'))
  fs.chmodSync(dir, 0o755)
  const engine = await startEngine({ dataDir: dir, port: 0, durable: false })
  project.provide('engineAdminUrl', engine.adminUrl())
  return async () => {
    await engine.stop()
    fs.rmSync(dir, { recursive: true, force: true })
  }
}
