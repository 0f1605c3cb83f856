// @vitest-environment node
/**
 * The support form's requests (POST /platform/support/requests): stored whatever happens, mailed
 * to SUPPORT_EMAIL through SMTP_URL when both are set, and otherwise answered with the request's
 * id and exactly what is missing; signed-in users only; bad input refused by the schema.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readConfig } from '@/server/config'
import { createMailer } from '@/server/auth/mailer'
import { startTestPlatform, type TestPlatform } from '../helpers/test-platform'
import { startSmtpStandIn } from '../helpers/smtp-stand-in'

const REQUEST = { category: 'database', subject: 'Cannot connect', message: 'psql says timeout.\nSteps: …' }

async function storedRequest(tp: TestPlatform, id: string) {
  const [row] = await tp.platform.db.query<{ email: string; category: string; subject: string; message: string; emailed_to: string | null; not_emailed_reason: string | null }>(
    'select email, category, subject, message, emailed_to, not_emailed_reason from support_requests where id = $1',
    [id]
  )
  return row
}

describe('support requests with SMTP and a support address', () => {
  let tp: TestPlatform
  let smtp: Awaited<ReturnType<typeof startSmtpStandIn>>
  beforeAll(async () => {
    smtp = await startSmtpStandIn()
    tp = await startTestPlatform({ supportEmail: 'help@example.com', auth: { ...readConfig().auth, signingKeys: undefined, smtpUrl: smtp.url } })
  })
  afterAll(async () => {
    await tp?.close()
    await smtp?.close()
  })

  it('mails the request to the support address and stores it', async () => {
    const user = await tp.signUp('ada@example.com')
    const res = await tp.call('POST', '/platform/support/requests', { token: user.token, body: REQUEST })
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({ emailed_to: 'help@example.com', not_emailed: null, note: null })
    expect(smtp.received).toHaveLength(1)
    expect(smtp.received[0].to).toEqual(['<help@example.com>'])
    expect(smtp.received[0].data).toContain('Subject: [Support] Cannot connect')
    expect(smtp.received[0].data).toContain(`Support request ${res.body.id}`)
    expect(smtp.received[0].data).toContain('From: ada@example.com')
    expect(await storedRequest(tp, res.body.id)).toMatchObject({ email: 'ada@example.com', category: 'database', subject: 'Cannot connect', emailed_to: 'help@example.com', not_emailed_reason: null })
  })

  it('refuses callers without a session and input the schema does not allow', async () => {
    expect((await tp.call('POST', '/platform/support/requests', { body: REQUEST })).status).toBe(401)
    const user = await tp.signUp()
    const bad = await tp.call('POST', '/platform/support/requests', { token: user.token, body: { ...REQUEST, subject: '  ' } })
    expect(bad.status).toBe(400)
    expect(bad.body.message).toMatch(/subject is required/)
    expect((await tp.call('POST', '/platform/support/requests', { token: user.token, body: { ...REQUEST, category: 'sales' } })).status).toBe(400)
  })
})

describe('support requests that cannot be mailed', () => {
  let tp: TestPlatform
  let refusing: Awaited<ReturnType<typeof startSmtpStandIn>>
  beforeAll(async () => {
    refusing = await startSmtpStandIn({ refuse: true })
    tp = await startTestPlatform()
  })
  afterAll(async () => {
    await tp?.close()
    await refusing?.close()
  })

  it('without SUPPORT_EMAIL: stored, and the answer says where and what is unset', async () => {
    const user = await tp.signUp()
    const res = await tp.call('POST', '/platform/support/requests', { token: user.token, body: REQUEST })
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({ emailed_to: null, not_emailed: 'no_support_email' })
    expect(res.body.note).toContain(`Request ${res.body.id} was not mailed`)
    expect(res.body.note).toContain('SUPPORT_EMAIL is not set')
    expect(res.body.note).toContain('table support_requests')
    expect(await storedRequest(tp, res.body.id)).toMatchObject({ subject: 'Cannot connect', emailed_to: null, not_emailed_reason: 'no_support_email' })
  })

  it('with SUPPORT_EMAIL but no SMTP_URL: names the address to write to', async () => {
    tp.platform.config.supportEmail = 'help@example.com'
    const user = await tp.signUp()
    const res = await tp.call('POST', '/platform/support/requests', { token: user.token, body: REQUEST })
    expect(res.body).toMatchObject({ emailed_to: null, not_emailed: 'no_smtp' })
    expect(res.body.note).toContain('SMTP_URL is not set')
    expect(res.body.note).toContain('send it to help@example.com yourself')
  })

  it('when the mail server refuses it: stored, and the answer says so', async () => {
    tp.platform.config.supportEmail = 'help@example.com'
    tp.platform.config.auth.smtpUrl = refusing.url
    tp.platform.mailer = createMailer(tp.platform.config.auth)
    const user = await tp.signUp()
    const res = await tp.call('POST', '/platform/support/requests', { token: user.token, body: REQUEST })
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({ emailed_to: null, not_emailed: 'send_failed' })
    expect(res.body.note).toContain('could not be mailed to help@example.com')
    expect(await storedRequest(tp, res.body.id)).toMatchObject({ emailed_to: null, not_emailed_reason: 'send_failed' })
  })
})
