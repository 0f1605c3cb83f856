/**
 * Runs once when the server starts: open the platform (control plane, migrations, secret,
 * provisioning left over from the last run) now, instead of on the first user's request, and
 * publish its request handler for `npm start`'s server beside Next (server/http/published-handler.ts).
 * That server runs this at start-up and Next again at its first request: the second call does nothing.
 */
let registering: Promise<void> | undefined

export async function register() {
  // First, so that the Edge build of this file leaves the platform's imports out.
  if (process.env.NEXT_RUNTIME !== 'nodejs') return
  registering ??= (async () => {
    // One import: two would each get a chunk of their own, the platform's code in both, and a
    // start-up would load and compile it twice.
    const { getPlatform, publishPlatformHandler } = await import('./server/http/published-handler')
    getPlatform().catch((error) => console.error('The platform could not start:', error))
    try {
      publishPlatformHandler()
    } catch (error) {
      // scripts/serve.mjs then leaves the API to Next's route, which reports the same failure per request.
      console.warn('The platform handler was not published:', error)
    }
  })()
  return registering
}
