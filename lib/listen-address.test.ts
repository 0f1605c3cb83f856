import { dashboardCredentials, isLoopback, listenAddress } from './listen-address.mjs'

const SELF_HOSTED = { NEXT_PUBLIC_IS_PLATFORM: 'false' }
const CREDENTIALS = { DASHBOARD_USERNAME: 'admin', DASHBOARD_PASSWORD: 'a long enough secret' }

describe('listenAddress', () => {
  it.each([
    // HOSTNAME is what container runtimes and shells set for every process: it is never read.
    [{ HOSTNAME: '0.0.0.0' }, 'platform', '0.0.0.0'],
    [{ ...SELF_HOSTED, HOSTNAME: '0.0.0.0' }, 'self-hosted', '127.0.0.1'],
    [{ ...SELF_HOSTED, HOSTNAME: 'c0ffee1234ab' }, 'self-hosted', '127.0.0.1'],
    [{ ...SELF_HOSTED, HOSTNAME: '0.0.0.0', ...CREDENTIALS }, 'self-hosted', '127.0.0.1'],
    [{}, 'platform', '0.0.0.0'],
    [{ NEXT_PUBLIC_IS_PLATFORM: 'true' }, 'platform', '0.0.0.0'],
    [{ LISTEN_HOST: '127.0.0.1' }, 'platform', '127.0.0.1'],
    [{ ...SELF_HOSTED }, 'self-hosted', '127.0.0.1'],
    [{ ...SELF_HOSTED, LISTEN_HOST: '' }, 'self-hosted', '127.0.0.1'],
    [{ ...SELF_HOSTED, LISTEN_HOST: 'localhost' }, 'self-hosted', 'localhost'],
    [{ ...SELF_HOSTED, LISTEN_HOST: '[::1]' }, 'self-hosted', '::1'],
    [{ ...SELF_HOSTED, LISTEN_HOST: '0.0.0.0', ...CREDENTIALS }, 'self-hosted', '0.0.0.0'],
    [{ ...SELF_HOSTED, LISTEN_HOST: '::', ...CREDENTIALS }, 'self-hosted', '::'],
  ])('%j → %s on %s', (env, mode, host) => {
    expect(listenAddress(env)).toMatchObject({ mode, host })
  })

  it.each([
    [{ ...SELF_HOSTED, LISTEN_HOST: '0.0.0.0' }],
    [{ ...SELF_HOSTED, LISTEN_HOST: '::' }],
    [{ ...SELF_HOSTED, LISTEN_HOST: '192.0.2.10' }],
    [{ ...SELF_HOSTED, LISTEN_HOST: 'dashboard.internal' }],
    [{ ...SELF_HOSTED, LISTEN_HOST: '0.0.0.0', DASHBOARD_USERNAME: 'admin' }],
  ])('refuses to expose a self-hosted dashboard without credentials: %j', (env) => {
    expect(() => listenAddress(env)).toThrow(/has no sign-in.*Set DASHBOARD_USERNAME and DASHBOARD_PASSWORD|go together/)
  })

  it('says what to do when it refuses', () => {
    expect(() => listenAddress({ ...SELF_HOSTED, LISTEN_HOST: '0.0.0.0' })).toThrow(
      'A self-hosted dashboard has no sign-in: listening on 0.0.0.0 (LISTEN_HOST) would let anyone who can reach this machine run SQL on your database.'
    )
  })
})

describe('isLoopback', () => {
  it.each([
    ['127.0.0.1', true],
    ['127.1.2.3', true],
    ['localhost', true],
    ['LOCALHOST', true],
    ['::1', true],
    ['[::1]', true],
    ['::ffff:127.0.0.1', true],
    ['0.0.0.0', false],
    ['::', false],
    ['192.0.2.2', false],
    ['::ffff:192.0.2.2', false],
    ['127.0.0.1.example.com', false],
    ['128.0.0.1', false],
    ['127.0.0.256', false],
    ['localhost.example.com', false],
    ['', false],
    [undefined, false],
  ])('%s → %s', (address, expected) => expect(isLoopback(address)).toBe(expected))
})

describe('dashboardCredentials', () => {
  it.each([
    [undefined, undefined, null],
    ['', '', null],
    ['admin', 'a long enough secret', { username: 'admin', password: 'a long enough secret' }],
  ])('%s / %s → %j', (username, password, expected) => expect(dashboardCredentials(username, password)).toEqual(expected))

  it.each([
    ['admin', undefined, 'DASHBOARD_USERNAME and DASHBOARD_PASSWORD go together'],
    [undefined, 'a long enough secret', 'DASHBOARD_USERNAME and DASHBOARD_PASSWORD go together'],
    ['ad:min', 'a long enough secret', 'DASHBOARD_USERNAME must not contain a colon'],
    ['admin', 'short', 'DASHBOARD_PASSWORD must be at least 12 characters long'],
  ])('%s / %s is refused: %s', (username, password, message) => expect(() => dashboardCredentials(username, password)).toThrow(message))
})
