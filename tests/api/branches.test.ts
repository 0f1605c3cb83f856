// @vitest-environment node
/**
 * Preview branches on both backends: a new project with its own database holding the parent's
 * schema and none of its rows, listed under its parent; deleting it deletes that project only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { settle, type TestPlatform } from '../helpers/test-platform'
import { activeProject, BACKENDS, memberOf, ownerWithOrg, runSql, statusOf } from '../helpers/project-backends'

for (const backend of BACKENDS) {
  describe.skipIf(!backend.enabled)(`preview branches: ${backend.name}`, () => {
    let tp: TestPlatform
    let stop: () => Promise<void>
    let token: string
    let parent: string
    let branch: string
    let orgId: number

    beforeAll(async () => {
      ;({ tp, stop } = await backend.start())
      const owner = await ownerWithOrg(tp)
      token = owner.token
      orgId = owner.org.id
      parent = await activeProject(tp, token, owner.org.slug, { plan: 'pro' })
      const made = await runSql(
        tp,
        token,
        parent,
        `create table authors (id serial primary key, name text not null unique);
         create table books (id serial primary key, author_id int references authors (id), title text);
         create view titles as select title from books;
         insert into authors (name) values ('Ada'), ('Grace');
         insert into books (author_id, title) values (1, 'Notes'), (2, 'Compilers');`
      )
      expect(made.status).toBe(200)
    })
    afterAll(async () => stop?.())

    it('creates a branch with the parent schema and no rows', async () => {
      const res = await tp.call('POST', `/platform/projects/${parent}/branches`, { token, body: { name: 'feature-x' } })
      expect(res.status).toBe(201)
      expect(res.body).toMatchObject({ status: 'COMING_UP', parent_project_ref: parent, name: 'feature-x' })
      branch = res.body.ref
      await settle(tp.platform)
      expect(await statusOf(tp, branch)).toBe('ACTIVE_HEALTHY')
      const counts = await runSql(tp, token, branch, 'select (select count(*) from authors)::int as authors, (select count(*) from books)::int as books, (select count(*) from titles)::int as titles')
      expect(counts.status).toBe(200)
      expect(counts.body.results[0].rows).toEqual([{ authors: 0, books: 0, titles: 0 }])
      // The schema works: constraints and sequences start afresh.
      const insert = await runSql(tp, token, branch, "insert into authors (name) values ('Linus') returning id")
      expect(insert.body.results[0].rows).toEqual([{ id: 1 }])
      const parentRows = await runSql(tp, token, parent, 'select count(*)::int as n from authors')
      expect(parentRows.body.results[0].rows).toEqual([{ n: 2 }])
    })

    it('lists the branch under its parent and in the project list', async () => {
      const detail = (await tp.call('GET', `/platform/projects/${parent}`, { token })).body
      expect(detail.preview_branch_refs).toEqual([branch])
      const branches = (await tp.call('GET', `/platform/projects/${parent}/branches`, { token })).body as { ref: string }[]
      expect(branches.map((b) => b.ref)).toEqual([branch])
      const list = (await tp.call('GET', '/platform/projects', { token })).body as { ref: string }[]
      expect(list.map((p) => p.ref)).toContain(branch)
    })

    it('refuses a branch of a branch, and a Read-only member', async () => {
      const nested = await tp.call('POST', `/platform/projects/${branch}/branches`, { token, body: { name: 'nested' } })
      expect(nested.status).toBe(409)
      const reader = await memberOf(tp, orgId, 'Read-only')
      const refused = await tp.call('POST', `/platform/projects/${parent}/branches`, { token: reader, body: { name: 'nope' } })
      expect(refused.status).toBe(403)
    })

    it('deletes a branch like a project, the parent untouched', async () => {
      const res = await tp.call('DELETE', `/platform/projects/${branch}`, { token })
      expect(res.status).toBe(200)
      await settle(tp.platform)
      expect(await statusOf(tp, branch)).toBe('REMOVED')
      expect((await tp.call('GET', `/platform/projects/${parent}/branches`, { token })).body).toEqual([])
      expect((await tp.call('GET', `/platform/projects/${parent}`, { token })).body.preview_branch_refs).toEqual([])
      expect(await statusOf(tp, parent)).toBe('ACTIVE_HEALTHY')
    })
  })
}
