// @vitest-environment node
/**
 * SQL snippets, folders, favorites, the last snippet opened and the query history, over HTTP on
 * both backends: who sees and changes what per role, version conflicts (two saves based on the
 * same version: one wins, the other gets 409 with the snippet as it is now), limits and garbage,
 * and a save that survives the server stopping without closing its database.
 */
import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { CONTENT_SQL_MAX, QUERY_HISTORY_KEEP, UPSERT_CONTENT_MAX_BODY_BYTES } from '@/lib/api-types'
import { closePlatform, createPlatform, type Platform } from '@/server/platform'
import { serve } from '@/server/standalone'
import { settle, startTestPlatform, testConfig, type TestPlatform } from '../helpers/test-platform'
import { activeProject, BACKENDS, memberOf, ownerWithOrg, runSql } from '../helpers/project-backends'

type Caller = 'Owner' | 'Admin' | 'Developer' | 'Read-only' | 'outsider'
const MEMBERS = ['Admin', 'Developer', 'Read-only'] as const

const draft = (over: Record<string, unknown> = {}) => ({
  id: randomUUID(),
  name: 'Untitled query',
  type: 'sql',
  visibility: 'user',
  content: { sql: 'select 1;' },
  ...over,
})

for (const backend of BACKENDS) {
  describe.skipIf(!backend.enabled)(`SQL snippets: ${backend.name}`, () => {
    let tp: TestPlatform
    let stop: () => Promise<void>
    let ref: string
    let elsewhereRef: string
    const tokens = {} as Record<Caller, string>
    const usernames = {} as Record<Caller, string>

    beforeAll(async () => {
      ;({ tp, stop } = await backend.start())
      const owner = await ownerWithOrg(tp, 'Snippets Org')
      tokens.Owner = owner.token
      ref = await activeProject(tp, owner.token, owner.org.slug, { plan: 'pro' })
      for (const role of MEMBERS) tokens[role] = await memberOf(tp, owner.org.id, role)
      const other = await ownerWithOrg(tp, 'Elsewhere')
      tokens.outsider = other.token
      elsewhereRef = await activeProject(tp, other.token, other.org.slug, { plan: 'pro' })
      for (const caller of Object.keys(tokens) as Caller[])
        usernames[caller] = (await tp.call('GET', '/platform/profile', { token: tokens[caller] })).body.username
    })
    afterAll(async () => stop?.())

    const content = (r = ref) => `/platform/projects/${r}/content`
    const save = (caller: Caller, body: unknown, r = ref) => tp.call('PUT', content(r), { token: tokens[caller], body })
    const get = (caller: Caller, id: string) => tp.call('GET', `${content()}/${id}`, { token: tokens[caller] })
    const list = (caller: Caller, query = '') => tp.call('GET', `${content()}?type=sql${query}`, { token: tokens[caller] })
    const remove = (caller: Caller, ids: string[]) => tp.call('DELETE', `${content()}?ids=${ids.join(',')}`, { token: tokens[caller] })
    async function created(caller: Caller, over: Record<string, unknown> = {}) {
      const res = await save(caller, draft(over))
      expect(res.status, JSON.stringify(res.body)).toBe(200)
      return res.body
    }
    /** Names of the listed snippets whose name holds `tag`. */
    const namesOf = (res: { body: { data: { name: string }[] } }, tag: string) => res.body.data.map((s) => s.name).filter((n) => n.includes(tag))

    describe('saving', () => {
      it('creates a snippet, commits it and reads it back', async () => {
        const body = draft({ name: 'Active users', description: 'who signed in', content: { sql: 'select * from auth.users' } })
        const res = await save('Owner', body)
        expect(res.status).toBe(200)
        expect(res.body).toMatchObject({
          id: body.id,
          name: 'Active users',
          description: 'who signed in',
          type: 'sql',
          visibility: 'user',
          favorite: false,
          folder_id: null,
          version: 1,
          owner: { id: expect.any(Number), username: usernames.Owner },
          updated_by: { username: usernames.Owner },
          content: { sql: 'select * from auth.users' },
        })
        expect(Date.parse(res.body.inserted_at)).not.toBeNaN()
        expect((await get('Owner', body.id)).body).toEqual(res.body)
        const rows = await tp.platform.db.query('select sql, version from content_snippets where id = $1', [body.id])
        expect(rows).toEqual([{ sql: 'select * from auth.users', version: 1 }])
      })

      it('answers ids as Postgres keeps them (lower case)', async () => {
        const id = randomUUID()
        const res = await save('Owner', draft({ id: id.toUpperCase() }))
        expect(res.body.id).toBe(id)
        expect((await get('Owner', id.toUpperCase())).body.id).toBe(id)
      })

      it('answers the same create sent twice (a lost answer) once, and refuses another one without base_version', async () => {
        const body = draft()
        expect((await save('Owner', body)).status).toBe(200)
        const again = await save('Owner', body)
        expect(again.status).toBe(200)
        expect(again.body.version).toBe(1)
        const blind = await save('Owner', { ...body, content: { sql: 'drop table everything' } })
        expect(blind.status).toBe(400)
        expect(blind.body.message).toMatch(/exists already \(version 1\).*base_version/)
        expect(blind.body.current).toMatchObject({ id: body.id, version: 1, content: { sql: 'select 1;' } })
        expect((await get('Owner', body.id)).body.content.sql).toBe('select 1;')
      })

      it('updates from the version it was based on, and refuses a stale one with the snippet as it is now', async () => {
        const s = await created('Owner')
        const v2 = await save('Owner', { ...draft({ id: s.id, content: { sql: 'select 2' } }), base_version: 1 })
        expect(v2.status).toBe(200)
        expect(v2.body).toMatchObject({ version: 2, content: { sql: 'select 2' } })
        expect(Date.parse(v2.body.updated_at)).toBeGreaterThanOrEqual(Date.parse(s.updated_at))

        const stale = await save('Owner', { ...draft({ id: s.id, content: { sql: 'select 3' } }), base_version: 1 })
        expect(stale.status).toBe(409)
        expect(stale.body.message).toMatch(/saved meanwhile .*version 2.*based on version 1/)
        expect(stale.body.current).toMatchObject({ id: s.id, version: 2, content: { sql: 'select 2' } })
        expect(stale.body.requestId).toBeTruthy()

        const future = await save('Owner', { ...draft({ id: s.id, content: { sql: 'select 3' } }), base_version: 7 })
        expect(future.status).toBe(409)

        const mine = await save('Owner', { ...draft({ id: s.id, content: { sql: 'select 3' } }), base_version: 2 })
        expect(mine.body).toMatchObject({ version: 3, content: { sql: 'select 3' } })

        // The same text saved from a second tab: nothing changes, nobody's next save is refused for it.
        const same = await save('Owner', { ...draft({ id: s.id, content: { sql: 'select 3' } }), base_version: 1 })
        expect(same.status).toBe(200)
        expect(same.body.version).toBe(3)
      })

      it('keeps description and folder when an update leaves them out, and clears them with null', async () => {
        const s = await created('Owner', { description: 'keep me' })
        const kept = await save('Owner', { ...draft({ id: s.id, content: { sql: 'select 9' } }), base_version: 1 })
        expect(kept.body.description).toBe('keep me')
        const cleared = await save('Owner', { ...draft({ id: s.id, content: { sql: 'select 9' }, description: null }), base_version: 2 })
        expect(cleared.body).toMatchObject({ description: null, version: 3 })
      })

      it('two saves based on the same version: exactly one wins, the others get 409 with the winner', async () => {
        const s = await created('Owner', { visibility: 'project' })
        const savers: Caller[] = ['Owner', 'Developer', 'Owner', 'Admin', 'Developer']
        const answers = await Promise.all(
          savers.map((caller, i) => save(caller, { ...draft({ id: s.id, visibility: 'project', content: { sql: `select ${i + 10}` } }), base_version: 1 }))
        )
        expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409])
        const winner = answers.find((a) => a.status === 200)!.body
        expect(winner.version).toBe(2)
        for (const loser of answers.filter((a) => a.status === 409)) expect(loser.body.current).toMatchObject({ version: 2, content: winner.content })
        expect((await get('Read-only', s.id)).body).toMatchObject({ version: 2, content: winner.content })
      })

      it('two creates of one new id with different text: one is saved, the other refused, nothing overwritten', async () => {
        const id = randomUUID()
        const answers = await Promise.all([save('Owner', draft({ id, content: { sql: 'select 1' } })), save('Owner', draft({ id, content: { sql: 'select 2' } }))])
        expect(answers.map((a) => a.status).sort()).toEqual([200, 400])
        const winner = answers.find((a) => a.status === 200)!.body
        expect((await get('Owner', id)).body).toMatchObject({ version: 1, content: winner.content })
      })

      it('refuses an update of a snippet deleted meanwhile, saying how to keep it', async () => {
        const s = await created('Owner')
        expect((await remove('Owner', [s.id])).body).toEqual({ deleted: [s.id] })
        const late = await save('Owner', { ...draft({ id: s.id, content: { sql: 'select 5' } }), base_version: 1 })
        expect(late.status).toBe(404)
        expect(late.body.message).toMatch(/without base_version/)
        expect((await save('Owner', draft({ id: s.id, content: { sql: 'select 5' } }))).body.version).toBe(1)
      })

      it('deletes only what it names, and answers what was deleted', async () => {
        const a = await created('Owner')
        const b = await created('Owner')
        expect((await remove('Owner', [a.id, b.id, randomUUID()])).body.deleted.sort()).toEqual([a.id, b.id].sort())
        expect((await remove('Owner', [a.id])).body).toEqual({ deleted: [] })
        expect((await get('Owner', a.id)).status).toBe(404)
      })
    })

    describe('listing', () => {
      const tag = `zq${Date.now().toString(36)}`
      let delta: any
      beforeAll(async () => {
        await created('Owner', { name: `${tag} Alpha`, content: { sql: 'select 1 as alpha' } })
        await created('Owner', { name: `${tag} beta`, visibility: 'project', content: { sql: "select '50%_off' as deal" } })
        await created('Developer', { name: `${tag} gamma` })
        delta = await created('Developer', { name: `${tag} Delta`, visibility: 'project', content: { sql: `select now() -- ${'x'.repeat(1000)}` } })
      })

      it("lists the caller's own snippets and those shared with the project, newest first, without their SQL", async () => {
        const res = await list('Owner', `&search=${tag}`)
        expect(res.status).toBe(200)
        expect(namesOf(res, tag)).toEqual([`${tag} Delta`, `${tag} beta`, `${tag} Alpha`])
        const item = res.body.data.find((s: any) => s.id === delta.id)
        expect(item).not.toHaveProperty('content')
        expect(item).toMatchObject({ owner: { username: usernames.Developer }, visibility: 'project', sql_length: delta.content.sql.length })
        expect(item.preview).toBe(delta.content.sql.slice(0, 300))
        expect(namesOf(await list('Developer', `&search=${tag}`), tag)).toEqual([`${tag} Delta`, `${tag} gamma`, `${tag} beta`])
        expect(namesOf(await list('Read-only', `&search=${tag}`), tag)).toEqual([`${tag} Delta`, `${tag} beta`])
      })

      it('searches names and SQL regardless of case, taking % and _ literally', async () => {
        expect(namesOf(await list('Owner', `&search=${tag.toUpperCase()}%20ALPHA`), tag)).toEqual([`${tag} Alpha`])
        expect(namesOf(await list('Owner', `&search=NOW()`), tag)).toEqual([`${tag} Delta`])
        expect(namesOf(await list('Owner', `&search=${encodeURIComponent('50%_')}`), tag)).toEqual([`${tag} beta`])
        expect(namesOf(await list('Owner', `&search=${encodeURIComponent('5_%')}`), tag)).toEqual([])
        expect(namesOf(await list('Owner', `&search=%20%20`), tag).length).toBeGreaterThan(0) // blank: no search
      })

      it('filters by visibility and by the caller\'s favorites', async () => {
        expect(namesOf(await list('Owner', `&search=${tag}&visibility=project`), tag)).toEqual([`${tag} Delta`, `${tag} beta`])
        expect(namesOf(await list('Owner', `&search=${tag}&visibility=user`), tag)).toEqual([`${tag} Alpha`])
        const star = await tp.call('PUT', `${content()}/${delta.id}/favorite`, { token: tokens.Owner, body: { favorite: true } })
        expect(star.body).toMatchObject({ id: delta.id, favorite: true, version: 1 })
        expect(namesOf(await list('Owner', `&search=${tag}&favorite=true`), tag)).toEqual([`${tag} Delta`])
        expect(namesOf(await list('Owner', `&search=${tag}&favorite=false`), tag)).toEqual([`${tag} beta`, `${tag} Alpha`])
        // Each member's own star.
        expect(namesOf(await list('Developer', `&search=${tag}&favorite=true`), tag)).toEqual([])
        expect((await get('Developer', delta.id)).body.favorite).toBe(false)
      })

      it('sorts by name regardless of case', async () => {
        expect(namesOf(await list('Owner', `&search=${tag}&sort=name`), tag)).toEqual([`${tag} Alpha`, `${tag} beta`, `${tag} Delta`])
      })

      it('pages with a cursor: every snippet once, in order, also when one is added meanwhile', async () => {
        const pageTag = `pg${Date.now().toString(36)}`
        for (let i = 0; i < 7; i++) await created('Admin', { name: `${pageTag} ${i}` })
        for (const sort of ['updated_at', 'inserted_at', 'name']) {
          const seen: string[] = []
          let cursor: string | null = null
          let pages = 0
          do {
            const res: any = await list('Admin', `&search=${pageTag}&limit=3&sort=${sort}${cursor ? `&cursor=${cursor}` : ''}`)
            expect(res.status).toBe(200)
            seen.push(...res.body.data.map((s: any) => s.name))
            cursor = res.body.cursor
            if (++pages === 1 && sort === 'updated_at') await created('Admin', { name: `${pageTag} late` }) // lands before the cursor
          } while (cursor)
          const expected = sort === 'name' ? [0, 1, 2, 3, 4, 5, 6].map((i) => `${pageTag} ${i}`) : [6, 5, 4, 3, 2, 1, 0].map((i) => `${pageTag} ${i}`)
          expect(seen.filter((n) => !n.endsWith('late'))).toEqual(expected)
          expect(new Set(seen).size).toBe(seen.length)
        }
      })

      it('refuses a forged cursor, or one of another sort, and bad filters', async () => {
        const first = await list('Admin', '&limit=1')
        expect(first.body.cursor).toEqual(expect.any(String))
        expect((await list('Admin', `&limit=1&sort=name&cursor=${first.body.cursor}`)).status).toBe(400)
        const forged = Buffer.from(JSON.stringify(['updated_at', '2024-02-31T00:00:00.000000Z', randomUUID()])).toString('base64url')
        const forgedName = Buffer.from(JSON.stringify(['name', 'a\u0000', randomUUID()])).toString('base64url')
        for (const query of [
          '&cursor=nonsense',
          `&cursor=${forged}`,
          `&sort=name&cursor=${forgedName}`,
          '&limit=0',
          '&limit=abc',
          '&limit=101',
          '&favorite=yes',
          '&visibility=public',
          '&sort=size',
        ]) {
          const res = await list('Admin', query)
          expect(res.status, query).toBe(400)
          expect(res.body.message).toMatch(/cursor|limit|favorite|visibility|sort/)
        }
        expect((await tp.call('GET', `${content()}?type=report`, { token: tokens.Admin })).status).toBe(400)
      })
    })

    describe('who sees and changes what', () => {
      it("keeps a private snippet its owner's alone", async () => {
        const s = await created('Owner', { name: 'Owner private' })
        for (const role of MEMBERS) {
          expect((await get(role, s.id)).status).toBe(404)
          expect((await list(role, '&search=Owner%20private')).body.data).toEqual([])
          expect((await save(role, { ...draft({ id: s.id, content: { sql: 'select 666' } }), base_version: 1 })).status).toBe(404)
          // Another member's create with that id must not overwrite it either.
          expect((await save(role, draft({ id: s.id, content: { sql: 'select 666' } }))).status).toBe(400)
          expect((await remove(role, [s.id])).body).toEqual({ deleted: [] })
          expect((await tp.call('PUT', `${content()}/${s.id}/favorite`, { token: tokens[role], body: { favorite: true } })).status).toBe(404)
        }
        expect((await get('Owner', s.id)).body).toMatchObject({ version: 1, content: { sql: 'select 1;' } })
      })

      it('lets every member read a shared snippet, members with sql:write change it, and only its owner unshare it', async () => {
        const s = await created('Owner', { name: 'Team query', visibility: 'project' })
        expect((await get('Read-only', s.id)).status).toBe(200)
        const byReader = await save('Read-only', { ...draft({ id: s.id, visibility: 'project', content: { sql: 'select 2' } }), base_version: 1 })
        expect(byReader.status).toBe(403)
        expect(byReader.body.message).toMatch(/Read-only.*sql:write/)
        const byDeveloper = await save('Developer', { ...draft({ id: s.id, name: 'Team query', visibility: 'project', content: { sql: 'select 2' } }), base_version: 1 })
        expect(byDeveloper.body).toMatchObject({ version: 2, owner: { username: usernames.Owner }, updated_by: { username: usernames.Developer } })
        const unshare = await save('Admin', { ...draft({ id: s.id, name: 'Team query', visibility: 'user', content: { sql: 'select 2' } }), base_version: 2 })
        expect(unshare.status).toBe(403)
        expect(unshare.body.message).toMatch(/Only the owner/)
        const byOwner = await save('Owner', { ...draft({ id: s.id, name: 'Team query', visibility: 'user', content: { sql: 'select 2' } }), base_version: 2 })
        expect(byOwner.body).toMatchObject({ visibility: 'user', version: 3 })
        expect((await get('Developer', s.id)).status).toBe(404)
      })

      it('lets a Read-only member keep private snippets but not share them', async () => {
        expect((await save('Read-only', draft({ visibility: 'project' }))).status).toBe(403)
        const mine = await created('Read-only', { name: 'Reader notes' })
        const updated = await save('Read-only', { ...draft({ id: mine.id, content: { sql: 'select 2' } }), base_version: 1 })
        expect(updated.body.version).toBe(2)
        const share = await save('Read-only', { ...draft({ id: mine.id, visibility: 'project', content: { sql: 'select 2' } }), base_version: 2 })
        expect(share.status).toBe(403)
        expect((await remove('Read-only', [mine.id])).body).toEqual({ deleted: [mine.id] })
      })

      it('lets the owner, an Owner or an Admin delete a shared snippet, and nobody else', async () => {
        const s = await created('Developer', { visibility: 'project' })
        const refused = await remove('Read-only', [s.id])
        expect(refused.status).toBe(403)
        expect(refused.body.message).toMatch(/Nothing was deleted/)
        const other = await created('Owner', { visibility: 'project' })
        // One refused id refuses the whole request.
        expect((await remove('Developer', [s.id, other.id])).status).toBe(403)
        expect((await get('Developer', s.id)).status).toBe(200)
        expect((await remove('Admin', [s.id])).body).toEqual({ deleted: [s.id] })
        expect((await remove('Owner', [other.id])).body).toEqual({ deleted: [other.id] })
      })

      it("answers 404 to a user of another organization, and keeps another project's ids apart", async () => {
        const s = await created('Owner', { visibility: 'project' })
        for (const [method, p, body] of [
          ['GET', `${content()}?type=sql`, undefined],
          ['GET', `${content()}/${s.id}`, undefined],
          ['PUT', content(), draft({ id: s.id, visibility: 'project' })],
          ['DELETE', `${content()}?ids=${s.id}`, undefined],
          ['GET', `${content()}/folders`, undefined],
          ['PUT', `${content()}/last-visited`, { id: s.id }],
          ['GET', `/platform/projects/${ref}/query-history`, undefined],
        ] as const) {
          const res = await tp.call(method, p, { token: tokens.outsider, body })
          expect(res.status, `${method} ${p}`).toBe(404)
          expect(res.body.message).toBe('This project does not exist')
        }
        expect((await get('Owner', s.id)).body.version).toBe(1)
        // The same id in the outsider's own project: taken, and nothing of the snippet is told.
        const taken = await save('outsider', draft({ id: s.id }), elsewhereRef)
        expect(taken.status).toBe(400)
        expect(taken.body).not.toHaveProperty('current')
        const theirs = await save('outsider', draft({ name: 'Elsewhere query' }), elsewhereRef)
        expect((await get('Owner', theirs.body.id)).status).toBe(404)
      })
    })

    describe('limits and garbage', () => {
      it('refuses NUL characters (Postgres text cannot hold them)', async () => {
        for (const body of [draft({ content: { sql: 'select 1\u0000' } }), draft({ name: 'a\u0000b' })]) {
          const res = await save('Owner', body)
          expect(res.status).toBe(400)
          expect(res.body.message).toMatch(/NUL/)
        }
        expect((await list('Owner', '&search=%00')).status).toBe(400)
      })

      it('saves a snippet as long as the SQL a run may send, and refuses a longer one', async () => {
        const big = draft({ content: { sql: `select '${'x'.repeat(CONTENT_SQL_MAX - 9)}'` } })
        const saved = await save('Owner', big)
        expect(saved.status).toBe(200)
        expect(saved.body.content.sql).toHaveLength(CONTENT_SQL_MAX)
        const listed = await list('Owner', '&limit=100&sort=updated_at')
        expect(listed.body.data.find((s: any) => s.id === big.id)).toMatchObject({ sql_length: CONTENT_SQL_MAX })
        const tooLong = await save('Owner', draft({ content: { sql: 'x'.repeat(CONTENT_SQL_MAX + 1) } }))
        expect(tooLong.status).toBe(400)
        expect(tooLong.body.message).toBe(`content.sql must be at most ${CONTENT_SQL_MAX} characters`)
        const huge = JSON.stringify({ ...draft(), padding: 'x'.repeat(UPSERT_CONTENT_MAX_BODY_BYTES) })
        expect((await tp.call('PUT', content(), { token: tokens.Owner, rawBody: huge })).status).toBe(413)
      })

      it.each([
        ['not JSON', '{nope', /not valid JSON/],
        ['an array', '[]', /expected object/i],
        ['no content', JSON.stringify({ ...draft(), content: undefined }), /content must be an object/],
        ['content as text', JSON.stringify({ ...draft(), content: 'select 1' }), /content must be an object/],
        ['no sql', JSON.stringify({ ...draft(), content: {} }), /content.sql is required/],
        ['another type', JSON.stringify(draft({ type: 'report' })), /type must be "sql"/],
        ['another visibility', JSON.stringify(draft({ visibility: 'public' })), /visibility must be/],
        ['an id that is no UUID', JSON.stringify(draft({ id: 'snippet-1' })), /id must be a UUID/],
        ['an empty name', JSON.stringify(draft({ name: '   ' })), /name is required/],
        ['a long name', JSON.stringify(draft({ name: 'n'.repeat(257) })), /name must be at most 256 characters/],
        ['base_version as text', JSON.stringify({ ...draft(), base_version: '1' }), /base_version must be a number/],
        ['base_version 0', JSON.stringify({ ...draft(), base_version: 0 }), /base_version must be at least 1/],
        ['a folder that is no UUID', JSON.stringify(draft({ folder_id: 'reports' })), /folder_id must be a UUID/],
        ['favorite as text', JSON.stringify(draft({ favorite: 'yes' })), /favorite must be true or false/],
      ])('refuses %s with a clear 400', async (_, rawBody, message) => {
        const res = await tp.call('PUT', content(), { token: tokens.Owner, rawBody })
        expect(res.status).toBe(400)
        expect(res.body.message).toMatch(message)
      })

      it('accepts a name of 256 characters, trimmed', async () => {
        const res = await save('Owner', draft({ name: `  ${'n'.repeat(256)}  ` }))
        expect(res.body.name).toBe('n'.repeat(256))
      })

      it.each([
        ['a snippet id that is no UUID', 'GET', () => `${content()}/not-a-uuid`, /id must be a UUID/],
        ['an empty list of ids', 'DELETE', () => `${content()}?ids=`, /ids is required/],
        ['ids that are no UUIDs', 'DELETE', () => `${content()}?ids=abc,def`, /ids must be UUIDs/],
        ['too many ids', 'DELETE', () => `${content()}?ids=${Array.from({ length: 101 }, () => randomUUID()).join(',')}`, /at most 100/],
        ['a delete without ids', 'DELETE', () => content(), /ids is required/],
      ] as const)('refuses %s with a clear 400', async (_, method, p, message) => {
        const res = await tp.call(method, p(), { token: tokens.Owner })
        expect(res.status).toBe(400)
        expect(res.body.message).toMatch(message)
      })
    })

    describe('folders', () => {
      const folders = () => `${content()}/folders`
      it('keeps folders per owner, names unique regardless of case', async () => {
        const made = await tp.call('POST', folders(), { token: tokens.Owner, body: { name: 'Reports' } })
        expect(made.status).toBe(201)
        expect(made.body).toMatchObject({ id: expect.any(String), name: 'Reports' })
        const twin = await tp.call('POST', folders(), { token: tokens.Owner, body: { name: 'reports' } })
        expect(twin.status).toBe(409)
        expect(twin.body.message).toBe('You already have a folder named "reports" in this project.')
        expect((await tp.call('POST', folders(), { token: tokens.Admin, body: { name: 'Reports' } })).status).toBe(201)
        const mine = (await tp.call('GET', folders(), { token: tokens.Owner })).body.data
        expect(mine.filter((f: any) => f.name === 'Reports')).toHaveLength(1)
        expect(mine.find((f: any) => f.id === made.body.id)).toBeTruthy()
        const admins = (await tp.call('GET', folders(), { token: tokens.Admin })).body.data
        expect(admins.find((f: any) => f.id === made.body.id)).toBeUndefined()
      })

      it('renames a folder of the caller only', async () => {
        const f = (await tp.call('POST', folders(), { token: tokens.Owner, body: { name: 'Drafts' } })).body
        await tp.call('POST', folders(), { token: tokens.Owner, body: { name: 'Archive' } })
        const renamed = await tp.call('PATCH', folders(), { token: tokens.Owner, body: { id: f.id, name: 'Sketches' } })
        expect(renamed.body).toMatchObject({ id: f.id, name: 'Sketches' })
        expect((await tp.call('PATCH', folders(), { token: tokens.Owner, body: { id: f.id, name: 'ARCHIVE' } })).status).toBe(409)
        expect((await tp.call('PATCH', folders(), { token: tokens.Admin, body: { id: f.id, name: 'Mine now' } })).status).toBe(404)
        expect((await tp.call('POST', folders(), { token: tokens.Owner, body: { name: '' } })).status).toBe(400)
        expect((await tp.call('POST', folders(), { token: tokens.Owner, body: { name: 'f'.repeat(257) } })).status).toBe(400)
      })

      it("files snippets in their owner's folders only; deleting a folder moves its snippets to no folder", async () => {
        const f = (await tp.call('POST', folders(), { token: tokens.Owner, body: { name: `Queries ${randomUUID()}` } })).body
        const s = await created('Owner', { folder_id: f.id, visibility: 'project' })
        expect(s.folder_id).toBe(f.id)
        expect((await save('Admin', draft({ folder_id: f.id }))).body.message).toMatch(/folder_id names none/)
        expect((await save('Owner', draft({ folder_id: randomUUID() }))).status).toBe(400)
        // A Developer changing the shared snippet keeps it in its owner's folder.
        const edited = await save('Developer', { ...draft({ id: s.id, visibility: 'project', content: { sql: 'select 2' } }), base_version: 1 })
        expect(edited.body).toMatchObject({ folder_id: f.id, version: 2 })

        expect((await tp.call('DELETE', `${folders()}?ids=${f.id}`, { token: tokens.Admin })).body).toEqual({ deleted: [] })
        const gone = await tp.call('DELETE', `${folders()}?ids=${f.id},${randomUUID()}`, { token: tokens.Owner })
        expect(gone.body).toEqual({ deleted: [f.id] })
        expect((await get('Owner', s.id)).body).toMatchObject({ folder_id: null, version: 3, content: { sql: 'select 2' } })
        // A tab that still had it in the folder is told, rather than saving into a folder that is gone.
        const stale = await save('Owner', { ...draft({ id: s.id, visibility: 'project', folder_id: f.id, content: { sql: 'select 3' } }), base_version: 2 })
        expect(stale.status).toBe(409)
        expect(stale.body.current.folder_id).toBeNull()
      })
    })

    describe('last visited', () => {
      it('records the snippet last opened, per user and project, while they can see it', async () => {
        const shared = await created('Owner', { visibility: 'project' })
        const own = await created('Owner')
        const visit = await tp.call('PUT', `${content()}/last-visited`, { token: tokens.Owner, body: { id: own.id } })
        expect(visit.status).toBe(200)
        expect(visit.body).toMatchObject({ id: own.id, visited_at: expect.any(String) })
        expect((await list('Owner', '&limit=1')).body.last_visited_id).toBe(own.id)
        expect((await tp.call('PUT', `${content()}/last-visited`, { token: tokens.Admin, body: { id: own.id } })).status).toBe(404)
        expect((await tp.call('PUT', `${content()}/last-visited`, { token: tokens.Admin, body: { id: shared.id } })).status).toBe(200)
        expect((await list('Admin', '&limit=1')).body.last_visited_id).toBe(shared.id)
        expect((await tp.call('PUT', `${content()}/last-visited`, { token: tokens.Owner, body: { id: 'nope' } })).status).toBe(400)
        await remove('Owner', [own.id])
        expect((await list('Owner', '&limit=1')).body.last_visited_id).toBeNull()
        expect((await list('Admin', '&limit=1')).body.last_visited_id).toBe(shared.id)
      })
    })

    describe('query history', () => {
      const history = (caller: Caller, query = '') => tp.call('GET', `/platform/projects/${ref}/query-history${query}`, { token: tokens[caller] })

      it('records every run: its SQL, when, how long, how many rows or what went wrong', async () => {
        expect((await runSql(tp, tokens.Developer, ref, 'select generate_series(1, 3) as n')).status).toBe(200)
        expect((await runSql(tp, tokens.Developer, ref, 'select * from no_such_table')).status).toBe(400)
        const last = await tp.call('POST', `/platform/pg-meta/${ref}/query`, { token: tokens.Developer, body: { query: 'select 1 as a union all select 2' } })
        expect(last.body).toEqual([{ a: 1 }, { a: 2 }])
        const res = await history('Developer')
        expect(res.status).toBe(200)
        expect(res.body.data.slice(0, 3)).toMatchObject([
          { sql: 'select 1 as a union all select 2', row_count: 2, error: null, sql_truncated: false },
          { sql: 'select * from no_such_table', row_count: null, error: expect.stringMatching(/no_such_table/) },
          { sql: 'select generate_series(1, 3) as n', row_count: 3, error: null },
        ])
        for (const entry of res.body.data.slice(0, 3)) {
          expect(entry.duration_ms).toBeGreaterThanOrEqual(0)
          expect(Date.now() - Date.parse(entry.started_at)).toBeLessThan(120_000)
        }
        expect((await history('Developer', '?search=NO_SUCH')).body.data.map((e: any) => e.sql)).toEqual(['select * from no_such_table'])
        // Each user's own.
        expect((await history('Owner', '?search=no_such')).body.data).toEqual([])
        const page = await history('Developer', '?limit=2')
        expect(page.body.data).toHaveLength(2)
        const next = await history('Developer', `?limit=2&cursor=${page.body.cursor}`)
        expect(next.body.data[0].sql).toBe('select generate_series(1, 3) as n')
        expect((await history('Developer', '?cursor=abc')).status).toBe(400)
      })

      it("records a Read-only member's runs too, and what a multi-statement run did last", async () => {
        expect((await runSql(tp, tokens['Read-only'], ref, 'select 2 union select 3')).status).toBe(200)
        expect((await history('Read-only', '?limit=1')).body.data[0]).toMatchObject({ sql: 'select 2 union select 3', row_count: 2 })
        expect((await runSql(tp, tokens.Developer, ref, 'select 1; select 4 union select 5 union select 6')).status).toBe(200)
        expect((await history('Developer', '?limit=1')).body.data[0]).toMatchObject({ row_count: 3 })
      })

      it(`keeps the newest ${QUERY_HISTORY_KEEP} runs per user and project`, async () => {
        const profileId = (await tp.call('GET', '/platform/profile', { token: tokens.Admin })).body.id
        await tp.platform.db.query(
          `insert into query_history (project_id, profile_id, sql, started_at, duration_ms)
           select (select id from projects where ref = $1), $2, 'old ' || g, now(), 1 from generate_series(1, $3::int) g`,
          [ref, profileId, QUERY_HISTORY_KEEP + 20]
        )
        expect((await runSql(tp, tokens.Admin, ref, 'select 42 as answer')).status).toBe(200)
        // Read through the API first: it waits for the entry written after the answer.
        expect((await history('Admin', '?limit=1')).body.data[0].sql).toBe('select 42 as answer')
        const rows = await tp.platform.db.query<{ n: number; oldest: string }>(
          `select count(*)::int as n, (select sql from query_history where profile_id = $1 order by id limit 1) as oldest
           from query_history where profile_id = $1`,
          [profileId]
        )
        expect(rows).toEqual([{ n: QUERY_HISTORY_KEEP, oldest: 'old 22' }])
      })

      it('keeps a long script cut, and marked so', async () => {
        const long = `select 1 -- ${'y'.repeat(60_000)}`
        await runSql(tp, tokens.Developer, ref, long)
        const [entry] = (await history('Developer', '?limit=1')).body.data
        expect(entry.sql_truncated).toBe(true)
        expect(long.startsWith(entry.sql)).toBe(true)
        expect(entry.sql).toHaveLength(50_000)
      })

      it('never fails a run because its history could not be written', async () => {
        const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined)
        await tp.platform.db.query('alter table query_history add constraint refuse_all check (false) not valid')
        try {
          const res = await runSql(tp, tokens.Developer, ref, 'select 7 as seven')
          expect(res.status).toBe(200)
          expect(res.body.results[0].rows).toEqual([{ seven: 7 }])
          // Written once the answer is out: the failure is logged a moment later.
          await expect.poll(() => logged.mock.calls).toContainEqual([expect.stringContaining('Query history not recorded'), expect.anything()])
        } finally {
          await tp.platform.db.query('alter table query_history drop constraint refuse_all')
          logged.mockRestore()
        }
      })
    })
  })
}

describe('self-hosted mode', () => {
  let tp: TestPlatform
  beforeAll(async () => {
    tp = await startTestPlatform({ isPlatform: false })
    await settle(tp.platform)
  })
  afterAll(async () => tp?.close())

  it('keeps the local user\'s snippets and history in the one project', async () => {
    const body = draft({ name: 'Local query', visibility: 'project' })
    expect((await tp.call('PUT', '/platform/projects/default/content', { body })).status).toBe(200)
    const listed = await tp.call('GET', '/platform/projects/default/content?type=sql')
    expect(listed.body.data.map((s: any) => s.name)).toEqual(['Local query'])
    expect((await tp.call('POST', '/platform/pg-meta/default/query', { body: { query: 'select 1 as one' } })).status).toBe(200)
    expect((await tp.call('GET', '/platform/projects/default/query-history')).body.data[0]).toMatchObject({ sql: 'select 1 as one', row_count: 1 })
  })
})

describe('an acknowledged save survives the server stopping without closing its database', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'content-durability-'))
  // The platform starts its own server there, as an unprivileged account when the tests are root.
  fs.chmodSync(dataDir, 0o755)
  const opened: { platform: Platform; closeServer(): Promise<void> }[] = []
  afterAll(async () => {
    // Only the second platform is closed: the first one "died".
    for (const o of opened.slice(1)) {
      await o.closeServer()
      await closePlatform(o.platform)
    }
    fs.rmSync(dataDir, { recursive: true, force: true })
  })

  /** The platform as `next start` opens it: its own PostgreSQL server under DATA_DIR. */
  async function open() {
    const config = testConfig(dataDir)
    const platform = await createPlatform(config)
    const server = await serve(platform)
    opened.push({ platform, closeServer: server.close })
    const call = async (method: string, p: string, token?: string, body?: unknown) => {
      const res = await fetch(`${server.url}${p}`, {
        method,
        headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
      return { status: res.status, body: await res.json() }
    }
    return { platform, server, call }
  }

  it('finds the snippet after reopening the same DATA_DIR', async () => {
    const first = await open()
    const signUp = await first.call('POST', '/auth/v1/signup', undefined, { email: `durable-${Date.now()}@example.com`, password: 'correct horse battery staple' })
    const token = signUp.body.access_token as string
    await first.call('POST', '/platform/profile', token)
    const org = (await first.call('POST', '/platform/organizations', token, { name: 'Durable' })).body
    // A project row is enough: snippets live in the control plane, not in the project's database.
    await first.platform.db.query(
      `insert into projects (ref, name, organization_id, status, cloud_provider, region, plan) values ('durable', 'Durable', $1, 'ACTIVE_HEALTHY', 'AWS', 'us-east-1', 'pro')`,
      [org.id]
    )
    const body = draft({ name: 'Keep me', content: { sql: 'select 1 as kept' } })
    expect((await first.call('PUT', '/platform/projects/durable/content', token, body)).status).toBe(200)
    const saved = await first.call('PUT', '/platform/projects/durable/content', token, { ...body, content: { sql: 'select 2 as kept' }, base_version: 1 })
    expect(saved.body.version).toBe(2)

    // Gone without a goodbye: its server killed (no shutdown, no checkpoint), the app with it.
    first.platform.scheduler.stop()
    await opened[0].closeServer()
    const postmaster = Number(fs.readFileSync(path.join(dataDir, 'engine', 'data', 'postmaster.pid'), 'utf8').split('\n')[0])
    process.kill(postmaster, 'SIGKILL')
    while (fs.existsSync(`/proc/${postmaster}`)) await new Promise((resolve) => setTimeout(resolve, 20))
    // Its supervisor gone too (it would start the server again), leaving the data as the kill did.
    await first.platform.servers.engine!.stop()

    const second = await open()
    const read = await second.call('GET', `/platform/projects/durable/content/${body.id}`, token)
    expect(read.status).toBe(200)
    expect(read.body).toMatchObject({ name: 'Keep me', version: 2, content: { sql: 'select 2 as kept' } })
  })
})
