/**
 * The system account the embedded PostgreSQL server runs as. PostgreSQL refuses to run as root, so
 * an app started as root (containers, CI) runs it as an existing unprivileged account:
 * EMBEDDED_DB_USER, else `postgres` when the machine has one, else `nobody`. The platform never
 * creates system accounts. Started as anyone else, the server runs as that same user.
 */
import fs from 'node:fs'

export type ServerAccount = { name: string; uid: number; gid: number }

/** `name:x:uid:gid:…` lines of /etc/passwd, by name. */
export function parsePasswd(text: string): Map<string, ServerAccount> {
  const accounts = new Map<string, ServerAccount>()
  for (const line of text.split('\n')) {
    const [name, , uid, gid] = line.split(':')
    if (!name || uid === undefined || gid === undefined || !/^\d+$/.test(uid) || !/^\d+$/.test(gid)) continue
    accounts.set(name, { name, uid: Number(uid), gid: Number(gid) })
  }
  return accounts
}

/**
 * The account to switch to, or null when the app is not root (the server then runs as the app's
 * own user). `wanted` is EMBEDDED_DB_USER.
 */
export function serverAccount(
  wanted: string | undefined,
  { uid = process.getuid?.(), passwd = () => fs.readFileSync('/etc/passwd', 'utf8') }: { uid?: number; passwd?: () => string } = {}
): ServerAccount | null {
  if (uid !== 0) return null
  const accounts = parsePasswd(passwd())
  if (wanted) {
    const account = accounts.get(wanted)
    if (!account) throw new Error(`EMBEDDED_DB_USER=${wanted}: no such account on this machine (PostgreSQL cannot run as root; name an existing unprivileged account)`)
    if (account.uid === 0) throw new Error(`EMBEDDED_DB_USER=${wanted} is root: PostgreSQL refuses to run as root; name an unprivileged account`)
    return account
  }
  const account = accounts.get('postgres') ?? accounts.get('nobody')
  if (!account || account.uid === 0)
    throw new Error('Running as root, and this machine has neither a `postgres` nor a `nobody` account to run PostgreSQL as: set EMBEDDED_DB_USER')
  return account
}
