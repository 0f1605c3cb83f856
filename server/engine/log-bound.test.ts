// @vitest-environment node
/**
 * The server's log (DATA_DIR/engine/postgres.log) stays bounded while the server runs: any role
 * can write to it (RAISE WARNING, failing statements are logged with their text), so a project's
 * role must not be able to fill the platform's disk through it.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterEach, expect, it } from 'vitest'
import { enginePaths, serverLog, startEngine, type Engine } from './cluster'

let engine: Engine | null = null
afterEach(async () => {
  await engine?.stop()
  engine = null
})

const MB = 1024 * 1024
const sizeOf = (file: string) => (fs.existsSync(file) ? fs.statSync(file).size : 0)

it("keeps postgres.log and its one older copy bounded however much a role makes the server write", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'engine-log-'))
  fs.chmodSync(dir, 0o755)
  engine = await startEngine({ dataDir: dir, port: 0, durable: false, report: () => undefined })
  const admin = new pg.Client({ connectionString: engine.adminUrl() })
  await admin.connect()
  await admin.query("create role log_writer login password 'log-writer-1'")
  await admin.end()
  const url = new URL(engine.adminUrl())
  url.username = 'log_writer'
  url.password = 'log-writer-1'
  const client = new pg.Client({ connectionString: url.toString() })
  client.on('notice', () => undefined)
  await client.connect()
  // 40 MB of warnings, each one logged by the server (log_min_messages is warning).
  await client.query(`do $$ begin for i in 1..400 loop raise warning '%', repeat('x', 100000); end loop; end $$`)
  await client.end()
  await engine.stop()
  engine = null
  const log = enginePaths(dir).log
  expect(sizeOf(log)).toBeLessThanOrEqual(10 * MB)
  expect(sizeOf(`${log}.1`)).toBeLessThanOrEqual(10 * MB)
  expect(sizeOf(`${log}.1`)).toBeGreaterThan(0)
  fs.rmSync(dir, { recursive: true, force: true })
})

it('keeps the app running when the log cannot be written (a full disk): the lines are dropped, the tail still kept', async () => {
  const errors: unknown[] = []
  const onError = (error: unknown) => errors.push(error)
  process.on('uncaughtException', onError)
  try {
    // Every write to /dev/full fails with ENOSPC, as on a full disk.
    const log = serverLog('/dev/full')
    log.write(Buffer.from('LOG:  a line the disk has no room for\n'))
    await new Promise((resolve) => setTimeout(resolve, 100))
    log.write(Buffer.from('LOG:  another one\n'))
    expect(log.tail()).toContain('another one')
    await log.close()
  } finally {
    process.off('uncaughtException', onError)
  }
  expect(errors).toEqual([])
})
