import type pg from 'pg'

/**
 * `client`, connected; ended when it could not connect, so no half-open socket is left behind.
 * Its errors are listened to: a session the server ends while idle must not end the process.
 */
export async function connected(client: pg.Client): Promise<pg.Client> {
  client.on('error', () => undefined)
  try {
    await client.connect()
  } catch (e) {
    await client.end().catch(() => undefined)
    throw e
  }
  return client
}
