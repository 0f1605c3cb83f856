/**
 * A project database's change stream: a logical replication slot of the platform's
 * (`supaboard_realtime_<ref>`, pgoutput over the project's `supabase_realtime` publication), made
 * when the first channel binds database changes and dropped when the last leaves, the project
 * pauses, is deleted or restored. Its session is the server's admin, pinned (admin-session.ts).
 * A slot left by an app copy that was killed is inactive: dropped and made anew, since nothing
 * replays changes made while no one listened; one in use is another copy's, and left alone. The server's `max_slot_wal_keep_size` bounds what a
 * slot that falls behind holds; past it the slot is lost and the stream says so.
 */
import { LogicalReplicationService, PgoutputPlugin, type Pgoutput } from 'pg-logical-replication'
import { adminReplicationConfig, withAdminSession } from '../../databases/admin-session'
import { ownerRoleOf } from '../../databases/role-names'
import { REALTIME_PUBLICATION } from '@/lib/sql/publications'

export const slotNameOf = (ref: string) => `supaboard_realtime_${ref}`

/** Why a project's changes cannot stream from its server: its `wal_level`. */
export const WAL_LEVEL_MESSAGE = "Database changes stream by logical replication: the project's server runs with wal_level below logical. Set wal_level = logical on it and restart it."

/** Why this app copy cannot stream a project's changes: another copy does. */
export const ANOTHER_COPY_MESSAGE = "Another app copy streams this project's database changes: connect through that copy, or run one copy while projects use realtime."

export type ReplicationStream = { stop(): Promise<void> }

/**
 * pgoutput with every value left as the text the server sent: the feed types values itself
 * (typed.ts), as Supabase sends them. Set as each relation message is parsed, so the rows after it
 * are read with it (they may be parsed before the feed handles the relation).
 */
class TextPgoutput extends PgoutputPlugin {
  parse(buffer: Buffer): Pgoutput.Message {
    const message = super.parse(buffer)
    if (message.tag === 'relation') for (const column of message.columns) column.parser = (text: unknown) => text
    return message
  }
}

/** Drops the project's slot (ending the session that streams it, if any): before its database is paused, dropped or replaced. */
export async function dropProjectSlot(adminUrl: string, ref: string): Promise<void> {
  await withAdminSession(
    adminUrl,
    async (client) => {
      for (let attempt = 0; attempt < 20; attempt++) {
        const { rows } = await client.query<{ active_pid: number | null }>('select active_pid from pg_catalog.pg_replication_slots where slot_name = $1', [slotNameOf(ref)])
        if (rows.length === 0) return
        if (rows[0].active_pid === null) {
          // Another session may take it meanwhile: then the next round ends that one.
          await client.query('select pg_catalog.pg_drop_replication_slot(slot_name) from pg_catalog.pg_replication_slots where slot_name = $1 and active_pid is null', [slotNameOf(ref)])
          continue
        }
        await client.query('select pg_catalog.pg_terminate_backend($1)', [rows[0].active_pid])
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
      throw new Error(`the replication slot ${slotNameOf(ref)} stayed in use`)
    },
    { applicationName: 'realtime' }
  )
}

/**
 * Streams the project's changes from a new slot: resolves once the slot exists (every change
 * committed after that arrives) with the stream; `onMessage` gets each pgoutput message in order,
 * `onError` what ends the stream.
 */
export async function openReplication(
  adminUrl: string,
  ref: string,
  onMessage: (message: Pgoutput.Message) => Promise<void>,
  onError: (error: Error) => void
): Promise<ReplicationStream | string> {
  const database = ownerRoleOf(ref)
  const slot = slotNameOf(ref)
  const refused = await withAdminSession(
    adminUrl,
    async (client) => {
      const { rows } = await client.query<{ wal_level: string }>("select pg_catalog.current_setting('wal_level') as wal_level")
      if (rows[0]?.wal_level !== 'logical') return WAL_LEVEL_MESSAGE
      return null
    },
    { database, applicationName: 'realtime' }
  )
  if (refused) return refused
  // A slot in use is another app copy's stream: it is left alone. One left by a killed copy goes.
  const taken = await withAdminSession(
    adminUrl,
    async (client) => {
      const { rows } = await client.query<{ active: boolean }>('select active from pg_catalog.pg_replication_slots where slot_name = $1', [slot])
      if (rows[0]?.active) return true
      if (rows[0]) await client.query('select pg_catalog.pg_drop_replication_slot($1)', [slot])
      await client.query("select pg_catalog.pg_create_logical_replication_slot($1, 'pgoutput')", [slot])
      return false
    },
    { database, applicationName: 'realtime' }
  )
  if (taken) return ANOTHER_COPY_MESSAGE
  // Flow control: the stream pauses while the feed handles a message, so a large transaction
  // waits in the server's WAL (bounded by max_slot_wal_keep_size), not in this app's memory.
  const service = new LogicalReplicationService(adminReplicationConfig(adminUrl, { database, applicationName: 'realtime' }), {
    acknowledge: { auto: true, timeoutSeconds: 10 },
    flowControl: { enabled: true },
  })
  let stopped = false
  service.on('data', (_lsn: string, message: Pgoutput.Message) => onMessage(message))
  service.on('error', (error: Error) => {
    if (!stopped) onError(error)
  })
  const plugin = new TextPgoutput({ protoVersion: 1, publicationNames: [REALTIME_PUBLICATION] })
  service.subscribe(plugin, slot).catch((error: Error) => {
    if (!stopped) onError(error)
  })
  return {
    stop: async () => {
      stopped = true
      await service.destroy().catch(() => undefined)
    },
  }
}
