/**
 * The module Deno runs first in every worker: it takes the handler the function gives
 * `Deno.serve` (as Supabase's runtime does: a function serves itself, the platform owns the
 * listener), loads the function's entrypoint, then serves that handler on the worker's Unix socket
 * (never a TCP port: another project's function could reach one on loopback). The function's
 * environment variables come on stdin and are set before the function loads. Once it listens it
 * prints `READY` with the nonce it was given, which the platform waits for. A function that fails
 * to load, or never calls `Deno.serve`, exits with its error on stderr: what a refused deploy says.
 */

/** Exit codes the worker reads (worker.ts). */
export const BOOT_EXIT = { loadFailed: 70, noHandler: 71 } as const

export const READY_PREFIX = 'supaboard-worker-ready '

export const BOOTSTRAP_SOURCE = `
const [entry, socketPath, nonce] = Deno.args
const listen = Deno.serve.bind(Deno)
let handler = null
const stand_in = {
  finished: new Promise(() => {}),
  addr: { transport: 'unix', path: socketPath },
  shutdown: async () => {},
  ref() {},
  unref() {},
  [Symbol.asyncDispose]: async () => {},
}
Deno.serve = (first, second) => {
  const given = typeof first === 'function' ? first : typeof second === 'function' ? second : first && first.handler
  if (typeof given !== 'function') throw new TypeError('Deno.serve needs a handler: Deno.serve((req) => new Response("…"))')
  handler = given
  return stand_in
}
globalThis.addEventListener('unhandledrejection', (event) => {
  event.preventDefault()
  console.error('Uncaught (in promise)', event.reason)
})
// The function's variables (the project's URL and keys, its secrets) come on stdin, never in
// the environment of the processes that made the sandbox.
const given = JSON.parse((await new Response(Deno.stdin.readable).text()) || '{}')
for (const [name, value] of Object.entries(given)) {
  try {
    Deno.env.set(name, String(value))
  } catch {
    // Deno's own message holds the value, a secret's: only the name is said.
    console.error('The variable ' + name + ' could not be set: its name or value holds a character an environment cannot.')
  }
}
try {
  await import(entry)
} catch (error) {
  console.error(error)
  Deno.exit(${BOOT_EXIT.loadFailed})
}
if (!handler) {
  console.error('The function never called Deno.serve: an edge function answers with Deno.serve(async (req) => new Response(...)).')
  Deno.exit(${BOOT_EXIT.noHandler})
}
listen({ path: socketPath, onListen() { console.log('${READY_PREFIX}' + nonce) } }, async (req, info) => {
  try {
    return await handler(req, info)
  } catch (error) {
    console.error(error)
    return new Response(JSON.stringify({ msg: 'The function threw an error: its logs say which.' }), { status: 500, headers: { 'content-type': 'application/json' } })
  }
})
`
