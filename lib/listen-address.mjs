// @ts-check
/**
 * Where the app listens, and who may reach a self-hosted dashboard (which has no sign-in).
 * Plain JavaScript so that scripts/start.mjs (run by node as it is) and the server share one rule.
 *
 * The address comes from LISTEN_HOST only, never from HOSTNAME: container runtimes and shells set
 * HOSTNAME for every process, and a self-hosted dashboard must not end up on the network because
 * of it. Self-hosted mode listens on 127.0.0.1 by default; listening anywhere else needs
 * DASHBOARD_USERNAME and DASHBOARD_PASSWORD, which every request must then carry (HTTP Basic).
 */

/** Shortest DASHBOARD_PASSWORD: it is all that stands between the network and the database. */
export const MIN_DASHBOARD_PASSWORD_LENGTH = 12

/**
 * Whether an address (a socket's remote address, or a host to listen on) is this machine only:
 * `localhost`, 127.0.0.0/8, `::1` (bracketed or not) and IPv4-mapped 127.x. Any other name could
 * resolve anywhere, and `0.0.0.0` / `::` mean every interface.
 * @param {string | undefined | null} address
 */
export function isLoopback(address) {
  if (!address) return false
  const value = address.trim().toLowerCase().replace(/^\[(.*)\]$/, '$1')
  if (value === 'localhost' || value === '::1' || value === '0:0:0:0:0:0:0:1') return true
  const ipv4 = value.replace(/^(?:0:0:0:0:0:|::)ffff:/, '')
  return /^127(?:\.(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/.test(ipv4)
}

/**
 * The credentials of a self-hosted dashboard, or null when none are set (empty counts as unset).
 * Throws, naming the variable, when they cannot work.
 * @param {string | undefined} username
 * @param {string | undefined} password
 * @returns {{ username: string; password: string } | null}
 */
export function dashboardCredentials(username, password) {
  if (!username && !password) return null
  if (!username || !password) throw new Error('DASHBOARD_USERNAME and DASHBOARD_PASSWORD go together: set both, or neither.')
  if (username.includes(':')) throw new Error('DASHBOARD_USERNAME must not contain a colon (HTTP Basic separates the user name from the password with one).')
  if ([...password].length < MIN_DASHBOARD_PASSWORD_LENGTH)
    throw new Error(`DASHBOARD_PASSWORD must be at least ${MIN_DASHBOARD_PASSWORD_LENGTH} characters long: it is all that stands between the network and your database.`)
  return { username, password }
}

/**
 * The address `npm start` listens on, from the environment: LISTEN_HOST, else 0.0.0.0 in platform
 * mode and 127.0.0.1 in self-hosted mode. HOSTNAME is not read. Throws (with what to do) when a
 * self-hosted dashboard would be reachable from elsewhere without credentials.
 * @param {Record<string, string | undefined>} env
 * @returns {{ mode: 'platform' | 'self-hosted'; host: string; exposed: boolean; credentials: { username: string; password: string } | null }}
 */
export function listenAddress(env) {
  const mode = env.NEXT_PUBLIC_IS_PLATFORM === 'false' ? 'self-hosted' : 'platform'
  const configured = env.LISTEN_HOST?.trim()
  // `next start -H` takes an IPv6 address without its brackets.
  const host = configured ? configured.replace(/^\[(.*)\]$/, '$1') : mode === 'self-hosted' ? '127.0.0.1' : '0.0.0.0'
  const credentials = dashboardCredentials(env.DASHBOARD_USERNAME, env.DASHBOARD_PASSWORD)
  const exposed = !isLoopback(host)
  if (mode === 'self-hosted' && exposed && !credentials)
    throw new Error(
      `A self-hosted dashboard has no sign-in: listening on ${host} (LISTEN_HOST) would let anyone who can reach this machine run SQL on your database. ` +
        'Set DASHBOARD_USERNAME and DASHBOARD_PASSWORD (every request must then carry them, HTTP Basic), ' +
        'or listen on this machine only (leave LISTEN_HOST unset, or 127.0.0.1). See docs/self-hosting.md.'
    )
  return { mode, host, exposed, credentials }
}
