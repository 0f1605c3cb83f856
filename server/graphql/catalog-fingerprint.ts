/**
 * A fingerprint of the parts of a project's catalog a generated GraphQL schema depends on, read on
 * every request so that a schema change shows up at the next one. Any CREATE, ALTER, DROP, GRANT
 * or COMMENT inserts, updates or deletes a row of one of these catalogs, and every row version
 * carries the transaction that wrote it (`xmin`): the count and the sum of `xmin` over the rows
 * of user objects (oid ≥ 16384, FirstNormalObjectId) change with it. Only user objects are
 * summed, which keeps it to a few index range scans however large the system catalog is.
 */
import type { Pool } from 'pg'

const FIRST_USER_OID = 16384

const CATALOGS: { table: string; key: string }[] = [
  { table: 'pg_namespace', key: 'oid' },
  { table: 'pg_class', key: 'oid' },
  { table: 'pg_attribute', key: 'attrelid' },
  { table: 'pg_attrdef', key: 'adrelid' },
  { table: 'pg_constraint', key: 'oid' },
  { table: 'pg_index', key: 'indrelid' },
  { table: 'pg_proc', key: 'oid' },
  { table: 'pg_type', key: 'oid' },
  { table: 'pg_enum', key: 'enumtypid' },
  { table: 'pg_description', key: 'objoid' },
  { table: 'pg_inherits', key: 'inhrelid' },
  { table: 'pg_extension', key: 'oid' },
]

/** One row: `fingerprint` as text (the counts and sums, joined). Fixed text: nothing of a request in it. */
export const CATALOG_FINGERPRINT_SQL = `select concat_ws(',', ${CATALOGS.map(
  ({ table, key }) => `(select count(*) || ':' || coalesce(sum(xmin::text::bigint), 0) from pg_catalog.${table} where ${key} >= ${FIRST_USER_OID})`
).join(', ')}) as fingerprint`

export async function catalogFingerprint(pool: Pool): Promise<string> {
  const { rows } = await pool.query<{ fingerprint: string }>(CATALOG_FINGERPRINT_SQL)
  return rows[0].fingerprint
}
