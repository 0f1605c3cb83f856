// @vitest-environment node
/**
 * A Read-only member who tries to write is told so in plain words, whatever the backend: the
 * answer names the role and the statement ("Your role (Read-only) can only read: INSERT is not
 * allowed") rather than what the read-only arrangement made of the SQL (a syntax error at "insert",
 * "cannot execute INSERT in a read-only transaction", "permission denied for table").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestPlatform } from '../helpers/test-platform'
import { BACKENDS, runSql, startWithReader } from '../helpers/project-backends'

for (const backend of BACKENDS) {
  describe.skipIf(!backend.enabled)(`a Read-only member writing: ${backend.name}`, () => {
    let tp: TestPlatform
    let stop: () => Promise<void>
    let owner: string
    let reader: string
    let ref: string

    beforeAll(async () => {
      ;({ tp, stop, owner, ref, reader } = await startWithReader(backend))
      expect((await runSql(tp, owner, ref, 'create table notes (id int primary key, body text)')).status).toBe(200)
    })
    afterAll(async () => stop?.())

    it.each([
      ['insert', 'insert into notes values (1, $$a$$)', 'INSERT'],
      ['insert in lower case after a comment', '-- add one\ninsert into notes values (1, $$a$$);', 'INSERT'],
      ['update', 'update notes set body = $$b$$', 'UPDATE'],
      ['delete', 'delete from notes', 'DELETE'],
      ['create table', 'create table more (x int)', 'CREATE TABLE'],
      ['drop table', 'drop table notes', 'DROP TABLE'],
      ['a write after a read', 'select 1; insert into notes values (2, $$b$$)', 'INSERT'],
    ])('%s', async (_, query, command) => {
      const res = await runSql(tp, reader, ref, query)
      expect(res.status).toBe(403)
      expect(res.body.message).toBe(`Your role (Read-only) can only read: ${command} is not allowed.`)
    })
  })
}
