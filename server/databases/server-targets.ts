/** Which PostgreSQL server holds a region's projects (PROJECT_DB_SERVERS), and whose admin a URL's server has. */

/** Region → admin URL, from PROJECT_DB_SERVERS. The key '*' serves every region. */
export type ServerTargets = Map<string, string>

/**
 * `eu-west-1=postgres://admin@a/postgres,us-east-1=postgres://admin@b/postgres`;
 * `*=url` or a bare URL means every region.
 */
export function parseProjectDbServers(value: string | undefined): ServerTargets {
  const targets: ServerTargets = new Map()
  for (const raw of (value ?? '').split(',')) {
    const entry = raw.trim()
    if (!entry) continue
    // A URL may itself contain '=' (query string), so only a leading `name=` is a region.
    const match = /^([A-Za-z0-9_.*-]+)=(.+)$/.exec(entry)
    const isUrl = /^postgres(ql)?:\/\//i.test(entry)
    const [region, url] = match && !isUrl ? [match[1], match[2].trim()] : ['*', entry]
    if (!/^postgres(ql)?:\/\//i.test(url)) throw new Error(`PROJECT_DB_SERVERS: not a postgres URL for ${region}`)
    targets.set(region, url)
  }
  return targets
}

export function adminUrlForRegion(targets: ServerTargets, region: string): string | undefined {
  return targets.get(region) ?? targets.get('*')
}

/** The admin of the server a project URL points at (same host and port), if the platform holds one. */
export function adminUrlForServerOf(adminUrls: string[], url: string): string | undefined {
  const at = (u: string) => {
    const parsed = new URL(u)
    return `${parsed.hostname}:${parsed.port || '5432'}`
  }
  const server = at(url)
  return adminUrls.find((adminUrl) => at(adminUrl) === server)
}
