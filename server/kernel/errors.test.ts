import { z } from 'zod'
import { zodMessage } from './errors'
import { createProjectBody, createOrganizationBody, runQueryBody } from '@/lib/api-types'

function messageOf(schema: z.ZodType, body: unknown) {
  const result = schema.safeParse(body ?? {})
  return result.success ? null : zodMessage(result.error)
}

describe('validation messages a person understands', () => {
  it.each([
    [createOrganizationBody, {}, 'Organization name is required'],
    [createOrganizationBody, { name: '  ' }, 'Organization name is required'],
    [createOrganizationBody, { name: 'x'.repeat(65) }, 'Organization name must be 64 characters or fewer'],
    [createOrganizationBody, { name: 'ok', billing_email: 'nope' }, 'Billing email must be a valid email address'],
    [createProjectBody, { organization_slug: 'a' }, 'Project name is required'],
    [createProjectBody, { name: 'p' }, 'organization_slug is required'],
    [createProjectBody, { name: 'p', organization_slug: 'a', cloud_provider: 'GCP' }, 'cloud_provider must be one of AWS, AWS_NEW, FLY'],
    [createProjectBody, { name: 'p', organization_slug: 'a', plan: 'gold' }, 'plan must be one of free, pro, team, enterprise'],
    [runQueryBody, {}, 'query is required'],
    [runQueryBody, { query: 42 }, 'query must be text'],
    [runQueryBody, { query: '' }, 'query must not be empty'],
    [runQueryBody, null, 'query is required'],
  ])('%#: %j → %s', (schema, body, expected) => {
    expect(messageOf(schema as z.ZodType, body)).toBe(expected)
  })

  it('passes valid bodies through, trimmed', () => {
    expect(createOrganizationBody.parse({ name: ' Acme ' })).toEqual({ name: 'Acme' })
  })
})
