import { parsePasswd, serverAccount } from './account'

const PASSWD = ['root:x:0:0:root:/root:/bin/bash', 'nobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin', 'postgres:x:101:104::/var/lib/postgresql:/bin/bash', 'broken line'].join('\n')

it('reads names, uids and gids from passwd lines, skipping malformed ones', () => {
  const accounts = parsePasswd(PASSWD)
  expect(accounts.get('postgres')).toEqual({ name: 'postgres', uid: 101, gid: 104 })
  expect(accounts.has('broken line')).toBe(false)
})

it('runs as the app itself when the app is not root', () => {
  expect(serverAccount(undefined, { uid: 1000, passwd: () => PASSWD })).toBeNull()
  expect(serverAccount('postgres', { uid: 1000, passwd: () => PASSWD })).toBeNull()
})

it('as root, prefers postgres, then nobody, and takes EMBEDDED_DB_USER when set', () => {
  expect(serverAccount(undefined, { uid: 0, passwd: () => PASSWD })?.name).toBe('postgres')
  expect(serverAccount(undefined, { uid: 0, passwd: () => PASSWD.replace(/^postgres.*$/m, '') })?.name).toBe('nobody')
  expect(serverAccount('nobody', { uid: 0, passwd: () => PASSWD })?.uid).toBe(65534)
})

it('never creates an account: a missing one, or root itself, is a clear error', () => {
  expect(() => serverAccount('pgsvc', { uid: 0, passwd: () => PASSWD })).toThrow(/EMBEDDED_DB_USER=pgsvc: no such account/)
  expect(() => serverAccount('root', { uid: 0, passwd: () => PASSWD })).toThrow(/refuses to run as root/)
  expect(() => serverAccount(undefined, { uid: 0, passwd: () => 'root:x:0:0::/root:/bin/sh' })).toThrow(/set EMBEDDED_DB_USER/)
})
