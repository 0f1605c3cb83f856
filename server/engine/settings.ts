/**
 * The embedded server's settings, passed on its command line at every start (so a new version of
 * the platform applies its own, and nothing in the data directory can hold an old one). Sized for
 * a small machine: a laptop or a 2-core, 4 GB container running the platform and a few dozen
 * projects. docs/self-hosting.md lists them; a server of your own (PLATFORM_DATABASE_URL,
 * PROJECT_DB_SERVERS) is tuned by you.
 */
import os from 'node:os'

const MB = 1024 * 1024

export type EngineSettingsInput = {
  port: number
  /** Physical memory; the machine's by default. */
  totalMemoryBytes?: number
  /** Off for throwaway test clusters only: a crash may then lose or corrupt data. */
  durable?: boolean
}

/**
 * A sixteenth of memory, between 32 MB and 256 MB (PostgreSQL's own default is 128 MB): the
 * platform shares the machine with the app and the user's other work, and the OS cache still
 * holds what does not fit. A server of your own is sized by you.
 */
export function sharedBuffersMb(totalMemoryBytes: number): number {
  return Math.max(32, Math.min(256, Math.floor(totalMemoryBytes / 16 / MB)))
}

export function engineSettings({ port, totalMemoryBytes = os.totalmem(), durable = true }: EngineSettingsInput): Record<string, string> {
  return {
    port: String(port),
    // Loopback only: clients on other machines reach projects through a server of your own.
    listen_addresses: '127.0.0.1',
    // No Unix socket: its path would need a directory every account can reach, and TCP is what
    // the Connect card gives out anyway.
    unix_socket_directories: '',
    password_encryption: 'scram-sha-256',
    // Each project has a connection limit of its own (servers.ts); this is the whole server's.
    max_connections: '300',
    // The platform's admin connections (pause, cancel, terminate) get in even when projects
    // filled every other slot.
    superuser_reserved_connections: '5',
    // Roles a project creates (CREATEROLE) have no connection limit of their own: only the
    // platform's project roles (granted pg_use_reserved_connections, servers.ts) may take the
    // last 200 slots, so one project's own roles cannot shut every other project out.
    reserved_connections: '200',
    shared_buffers: `${sharedBuffersMb(totalMemoryBytes)}MB`,
    // Query performance on every project.
    shared_preload_libraries: 'pg_stat_statements',
    'pg_stat_statements.track': 'top',
    // A client that connects and says nothing holds a slot for 10 s at most.
    authentication_timeout: '10s',
    // Containers often give /dev/shm 64 MB: parallel queries then fail with POSIX shared memory.
    dynamic_shared_memory_type: 'mmap',
    // Realtime's database changes stream by logical replication (one slot per project with
    // subscribers, server/realtime/changes/); a slot that falls behind holds at most 1 GB of WAL,
    // then it is lost (its subscribers are told) rather than the disk filled.
    wal_level: 'logical',
    max_replication_slots: '64',
    max_wal_senders: '64',
    max_slot_wal_keep_size: '1GB',
    // The server's log goes to the platform, which writes it to DATA_DIR/engine/postgres.log.
    logging_collector: 'off',
    log_line_prefix: '%m [%p] %q%u@%d ',
    ...(durable ? {} : { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' }),
  }
}

/** `-c name=value` arguments for `postgres`. */
export const settingsArgs = (settings: Record<string, string>): string[] => Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`])
