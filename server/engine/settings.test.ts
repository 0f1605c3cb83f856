import { engineSettings, settingsArgs, sharedBuffersMb } from './settings'

const GB = 1024 ** 3

it('sizes shared_buffers to the machine, within 32 MB and 256 MB', () => {
  expect(sharedBuffersMb(0.25 * GB)).toBe(32)
  expect(sharedBuffersMb(2 * GB)).toBe(128)
  expect(sharedBuffersMb(64 * GB)).toBe(256)
})

it('listens on loopback only, with SCRAM, pg_stat_statements preloaded and reserved admin slots', () => {
  const s = engineSettings({ port: 54329, totalMemoryBytes: 8 * GB })
  expect(s).toMatchObject({
    port: '54329',
    listen_addresses: '127.0.0.1',
    unix_socket_directories: '',
    password_encryption: 'scram-sha-256',
    shared_preload_libraries: 'pg_stat_statements',
    superuser_reserved_connections: '5',
    reserved_connections: '200',
    authentication_timeout: '10s',
    shared_buffers: '256MB',
  })
  expect(s.fsync).toBeUndefined()
  expect(engineSettings({ port: 1, durable: false }).fsync).toBe('off')
})

it('passes each setting as one -c argument', () => {
  expect(settingsArgs({ port: '5', log_line_prefix: '%m [%p] ' })).toEqual(['-c', 'port=5', '-c', 'log_line_prefix=%m [%p] '])
})
