/**
 * Runs once when the server starts: open the platform (control plane, migrations, secret,
 * provisioning left over from the last run) now, instead of on the first user's request.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return
  const { getPlatform } = await import('./server/platform')
  getPlatform().catch((error) => console.error('The platform could not start:', error))
}
