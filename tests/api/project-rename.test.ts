// @vitest-environment node
/**
 * PATCH /platform/projects/{ref}: Project settings → General renames a project. The name follows a
 * new project's rules (trimmed, 1–64 characters); a member whose role may not update the project
 * (Read-only) is refused and the name stays.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestPlatform } from '../helpers/test-platform'
import { BACKENDS, startWithReader } from '../helpers/project-backends'

for (const backend of BACKENDS) {
  describe.skipIf(!backend.enabled)(`renaming a project: ${backend.name}`, () => {
    let tp: TestPlatform
    let stop: () => Promise<void>
    let owner: string
    let reader: string
    let ref: string

    beforeAll(async () => {
      ;({ tp, stop, owner, reader, ref } = await startWithReader(backend, { project: {} }))
    })
    afterAll(async () => stop?.())

    const nameOf = async () => (await tp.call('GET', `/platform/projects/${ref}`, { token: owner })).body.name

    it('renames it, trimmed, and answers the project', async () => {
      const res = await tp.call('PATCH', `/platform/projects/${ref}`, { token: owner, body: { name: '  Shop backend  ' } })
      expect(res.status).toBe(200)
      expect(res.body).toMatchObject({ ref, name: 'Shop backend', status: 'ACTIVE_HEALTHY' })
      expect(await nameOf()).toBe('Shop backend')
      // Written to the organization's audit log, old and new name.
      const [entry] = await tp.platform.db.query<{ details: { from: string; to: string } }>(
        `select details from audit_log where action = 'project.renamed' and target_id = $1 order by id desc limit 1`,
        [ref]
      )
      expect(entry.details.to).toBe('Shop backend')
      expect(entry.details.from).not.toBe('Shop backend')
    })

    it.each([
      ['an empty name', '   ', 'Project name is required'],
      ['a name over 64 characters', 'x'.repeat(65), 'Project name must be 64 characters or fewer'],
    ])('refuses %s', async (_, name, message) => {
      const res = await tp.call('PATCH', `/platform/projects/${ref}`, { token: owner, body: { name } })
      expect(res.status).toBe(400)
      expect(JSON.stringify(res.body)).toContain(message)
      expect(await nameOf()).toBe('Shop backend')
    })

    it('refuses a Read-only member', async () => {
      const res = await tp.call('PATCH', `/platform/projects/${ref}`, { token: reader, body: { name: 'Mine now' } })
      expect(res.status).toBe(403)
      expect(await nameOf()).toBe('Shop backend')
    })
  })
}
