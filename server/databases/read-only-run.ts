/**
 * A Read-only member's run. The read-only role may read everything and write nothing, but a
 * function that runs as its owner (SECURITY DEFINER) writes with the owner's rights, and only a
 * read-only transaction stops it. A session default is not enough: the SQL could ask for a
 * writable transaction itself (`SET TRANSACTION READ WRITE`, `BEGIN READ WRITE`, `COMMIT; SET
 * default_transaction_read_only = off; …`). So the platform opens the transaction, read-only, and
 * takes its snapshot (after that PostgreSQL refuses to make it writable), then sends the SQL one
 * statement at a time by the extended protocol, which runs exactly one statement per message
 * whatever the lexer made of the text, and looks at the transaction after each: one that a
 * COMMIT, ROLLBACK or PREPARE TRANSACTION ended stops the run before anything else is sent (a
 * transaction chained to it, or a rollback to a savepoint, gets a snapshot again first). Nothing
 * the SQL does can end the transaction from inside (a procedure's or DO block's COMMIT is refused
 * in a transaction block). The transaction is rolled back with the session's reset.
 */
import pg from 'pg'
import { statements } from '@/lib/sql/tokens'
import { IGNORE_ROWS, ProtocolQuery, ProtocolStatement, type Answer } from './protocol-query'
import { SqlError } from './types'

/** The transaction the SQL runs in, with its snapshot taken. */
const OPEN = 'BEGIN TRANSACTION READ ONLY; SELECT 1'
const SNAPSHOT = 'SELECT 1'

/** PostgreSQL's code for a write refused in a read-only transaction, as what is refused here is one. */
const READ_ONLY_TRANSACTION = '25006'

export const TRANSACTION_ENDED =
  'A Read-only member’s SQL runs in one read-only transaction, which COMMIT, ROLLBACK or PREPARE TRANSACTION ends: the statements after it were not run. Leave it out, or put it last.'

type Submittable = { done: Promise<unknown> }

async function send<T extends Submittable>(client: pg.PoolClient, submittable: T): Promise<Awaited<T['done']>> {
  client.query(submittable as unknown as pg.QueryConfig)
  return (await submittable.done) as Awaited<T['done']>
}

/**
 * Runs `sql` read-only on `client` and answers what `answer` made of it. `status()` is the
 * transaction status of the server's last ReadyForQuery (`I`, `T`, `E`).
 */
export async function runReadOnly(client: pg.PoolClient, sql: string, answer: Answer, status: () => string): Promise<Uint8Array> {
  await send(client, new ProtocolQuery(OPEN, IGNORE_ROWS, () => undefined))
  const pieces = statements(sql)
  for (const [i, { start, end }] of pieces.entries()) {
    let tag: string | null
    try {
      tag = await send(client, new ProtocolStatement(sql.slice(start, end), answer.builder, answer.socketHolder))
    } catch (error) {
      // A position is the statement's: the caller's is in the whole text.
      if (error instanceof pg.DatabaseError && error.position) error.position = String(Number(error.position) + start)
      throw error
    }
    if (i === pieces.length - 1) break
    if (status() === 'I') throw new SqlError(TRANSACTION_ENDED, { code: READ_ONLY_TRANSACTION, position: start + 1 })
    if (tag && /^(COMMIT|ROLLBACK)\b/.test(tag)) await send(client, new ProtocolQuery(SNAPSHOT, IGNORE_ROWS, () => undefined))
  }
  return answer.finish()
}
