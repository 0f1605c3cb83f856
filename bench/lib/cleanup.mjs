// Everything the bench starts (processes, clusters, temp dirs, browsers) registers how to undo
// itself here. `cleanupAll()` runs the undos newest first; on a signal or a crash they run too,
// and a last synchronous pass on 'exit' kills any process group still alive.
import { within } from './util.mjs'
const tasks = []
const liveGroups = new Set()
let running = null
let aborting = false

/** Throws once a signal asked the bench to stop, so nothing new is started while cleaning up. */
export function assertNotAborting() {
  if (aborting) throw new Error('interrupted')
}

/**
 * Registers an async undo; returns a function that runs it now (and only once). `syncFn`, when
 * given, is what the last synchronous pass on 'exit' does if the undo never ran.
 */
export function onCleanup(label, fn, syncFn) {
  const task = { label, fn, syncFn, done: false }
  tasks.push(task)
  return async () => {
    if (task.done) return
    task.done = true
    await fn()
  }
}

/** Remembers a process group (a detached child's pid) for the synchronous last pass. */
export function trackGroup(pid) {
  liveGroups.add(pid)
  return () => liveGroups.delete(pid)
}

export function cleanupAll() {
  if (running) return running
  running = (async () => {
    while (tasks.length) {
      const task = tasks.pop()
      if (task.done) continue
      task.done = true
      try {
        await within(task.fn(), 15_000)
      } catch (error) {
        console.error(`cleanup (${task.label}) failed: ${error?.message ?? error}`)
      }
    }
  })()
  return running
}

function lastPass() {
  for (const pid of liveGroups) {
    try {
      process.kill(-pid, 'SIGKILL')
    } catch {}
  }
  for (const task of tasks.reverse()) {
    if (task.done || !task.syncFn) continue
    task.done = true
    try {
      task.syncFn()
    } catch {}
  }
}

let installed = false
export function installSignalHandlers() {
  if (installed) return
  installed = true
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(signal, () => {
      aborting = true
      console.error(`\n${signal}: cleaning up…`)
      cleanupAll().finally(() => process.exit(130))
    })
  }
  process.on('exit', lastPass)
}
