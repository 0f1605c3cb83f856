// @vitest-environment node
/**
 * Tax ids over HTTP: added with their value checked against the type's format and stored in one
 * form, listed oldest first, removed within their organization only; duplicates and an eleventh
 * refused (also when requests race); garbage bodies answered with a 400; the audit log told.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACKENDS, ownerWithOrg } from '../helpers/project-backends'
import type { TestPlatform } from '../helpers/test-platform'

for (const backend of BACKENDS) {
  describe.skipIf(!backend.enabled)(`tax ids: ${backend.name}`, () => {
    let tp: TestPlatform
    let stop: () => Promise<void>

    beforeAll(async () => {
      ;({ tp, stop } = await backend.start())
    })
    afterAll(async () => stop?.())

    const path = (slug: string) => `/platform/organizations/${slug}/tax-ids`
    const add = (token: string, slug: string, body: unknown) => tp.call('POST', path(slug), { token, body })
    const remove = (token: string, slug: string, body: unknown) => tp.call('DELETE', path(slug), { token, body })
    const list = async (token: string, slug: string) => (await tp.call('GET', path(slug), { token })).body as { id: number; type: string; value: string; country: string }[]
    const ein = (n: number) => `12-${String(3_456_700 + n)}`

    it('adds, lists (oldest first) and removes, storing each value in one form', async () => {
      const { token, org } = await ownerWithOrg(tp, 'Tax Org')
      expect(await list(token, org.slug)).toEqual([])
      const vat = await add(token, org.slug, { type: 'EU_VAT', value: 'de 123.456.789', country: 'de' })
      expect(vat.status).toBe(201)
      expect(vat.body).toMatchObject({ type: 'eu_vat', value: 'DE123456789', country: 'DE' })
      expect(new Date(vat.body.created_at).getTime()).toBeGreaterThan(Date.now() - 60_000)
      const us = await add(token, org.slug, { type: 'us_ein', value: '123456789', country: 'US' })
      expect(us.body).toMatchObject({ type: 'us_ein', value: '12-3456789', country: 'US' })
      expect((await list(token, org.slug)).map((t) => t.value)).toEqual(['DE123456789', '12-3456789'])

      const removed = await remove(token, org.slug, { id: vat.body.id })
      expect(removed.status).toBe(200)
      expect(removed.body).toEqual({ id: vat.body.id, deleted: true })
      expect((await list(token, org.slug)).map((t) => t.id)).toEqual([us.body.id])
      const again = await remove(token, org.slug, { id: vat.body.id })
      expect(again.status).toBe(404)
      expect(again.body.message).toBe('Tax id not found')

      const audit = await tp.platform.db.query<{ action: string; target_type: string; target_id: string; details: { value: string } }>(
        `select action, target_type, target_id, details from audit_log where organization_id = $1 and action like 'tax_id.%' order by id`,
        [org.id]
      )
      expect(audit.map((a) => [a.action, a.target_id, a.details.value])).toEqual([
        ['tax_id.added', String(vat.body.id), 'DE123456789'],
        ['tax_id.added', String(us.body.id), '12-3456789'],
        ['tax_id.removed', String(vat.body.id), 'DE123456789'],
      ])
      expect(audit.every((a) => a.target_type === 'tax_id')).toBe(true)
    })

    it('refuses a value that does not have the format of its type, naming the format', async () => {
      const { token, org } = await ownerWithOrg(tp, 'Format Org')
      const short = await add(token, org.slug, { type: 'us_ein', value: '12345', country: 'US' })
      expect(short.status).toBe(400)
      expect(short.body.message).toContain('12-3456789')
      const vat = await add(token, org.slug, { type: 'gb_vat', value: 'GB12', country: 'GB' })
      expect(vat.status).toBe(400)
      expect(vat.body.message).toContain('GB123456789')
      const country = await add(token, org.slug, { type: 'au_abn', value: '51824753556', country: 'US' })
      expect(country.status).toBe(400)
      expect(country.body.message).toContain('not US')
      expect(await list(token, org.slug)).toEqual([])
    })

    it('refuses the same tax id twice, however it is written (409)', async () => {
      const { token, org } = await ownerWithOrg(tp, 'Twice Org')
      expect((await add(token, org.slug, { type: 'eu_vat', value: 'DE123456789', country: 'DE' })).status).toBe(201)
      const duplicate = await add(token, org.slug, { type: 'eu_vat', value: 'DE 123-456-789', country: 'DE' })
      expect(duplicate.status).toBe(409)
      expect(duplicate.body.message).toBe('This tax id is already on the organization')
      // Two at once: one is added, the other is the duplicate.
      const racing = await Promise.all([0, 1].map(() => add(token, org.slug, { type: 'us_ein', value: '98-7654321', country: 'US' })))
      expect(racing.map((r) => r.status).sort()).toEqual([201, 409])
      expect(await list(token, org.slug)).toHaveLength(2)
    })

    it('keeps at most 10 per organization, also when additions race', async () => {
      const { token, org } = await ownerWithOrg(tp, 'Many Org')
      const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => add(token, org.slug, { type: 'us_ein', value: ein(i), country: 'US' })))
      expect(answers.filter((a) => a.status === 201)).toHaveLength(10)
      const refused = answers.filter((a) => a.status !== 201)
      expect(refused.map((a) => a.status)).toEqual([400, 400])
      expect(refused[0].body.message).toBe('An organization can have at most 10 tax ids. Remove one before adding another.')
      expect(await list(token, org.slug)).toHaveLength(10)
    })

    it("removes only the organization's own: another organization's id is not found", async () => {
      const mine = await ownerWithOrg(tp, 'Mine Org')
      const theirs = await ownerWithOrg(tp, 'Theirs Org')
      const their = (await add(theirs.token, theirs.org.slug, { type: 'us_ein', value: ein(1), country: 'US' })).body
      const res = await remove(mine.token, mine.org.slug, { id: their.id })
      expect(res.status).toBe(404)
      expect(res.body.message).toBe('Tax id not found')
      expect((await list(theirs.token, theirs.org.slug)).map((t) => t.id)).toEqual([their.id])
      // Nor listed: each organization sees its own.
      expect(await list(mine.token, mine.org.slug)).toEqual([])
    })

    it.each([
      ['no body at all', undefined],
      ['an empty object', {}],
      ['a type that is not a string', { type: 5, value: '12-3456789', country: 'US' }],
      ['an unknown type', { type: 'xx_vat', value: '12-3456789', country: 'US' }],
      ['a country that is not two letters', { type: 'us_ein', value: '12-3456789', country: 'USA' }],
      ['a value far too long', { type: 'us_ein', value: '1'.repeat(100), country: 'US' }],
      ['an array', [{ type: 'us_ein', value: '12-3456789', country: 'US' }]],
    ])('answers 400 to %s', async (_name, body) => {
      const { token, org } = await ownerWithOrg(tp, 'Garbage Org')
      const res = await add(token, org.slug, body)
      expect(res.status).toBe(400)
      expect(typeof res.body.message).toBe('string')
      expect(await list(token, org.slug)).toEqual([])
    })

    it.each([
      ['no id', {}],
      ['an id that is text', { id: 'one' }],
      ['a negative id', { id: -1 }],
      ['a fractional id', { id: 1.5 }],
    ])('answers 400 to a removal with %s', async (_name, body) => {
      const { token, org } = await ownerWithOrg(tp, 'Removal Org')
      expect((await remove(token, org.slug, body)).status).toBe(400)
    })

    it('answers 400 to a body that is not JSON', async () => {
      const { token, org } = await ownerWithOrg(tp, 'Broken Org')
      const res = await tp.call('POST', path(org.slug), { token, rawBody: '{"type": "us_ein", ' })
      expect(res.status).toBe(400)
    })
  })
}
