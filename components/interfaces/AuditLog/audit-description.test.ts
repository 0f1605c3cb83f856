import type { AuditEntry } from '@/lib/api-types'
import { auditActor, describeAuditEntry, describeAuditTarget, formatAuditTime } from './audit-description'

const project = { type: 'project', id: 'abcdefghijklmnopqrst', name: 'Shop' } as const
const member = { type: 'member', id: 'u-2', name: 'ana@example.com' } as const
const organization = { type: 'organization', id: 'acme', name: 'Acme' } as const

it.each<[Pick<AuditEntry, 'action' | 'target' | 'details'>, string]>([
  [{ action: 'subscription.changed', target: { type: 'subscription', id: 'acme', name: 'Acme' }, details: { from: 'tier_free', to: 'tier_pro' } }, 'changed the plan from Free to Pro'],
  [{ action: 'subscription.changed', target: { type: 'subscription', id: 'acme', name: 'Acme' }, details: { from: 'tier_pro', to: 'tier_payg' } }, 'changed the plan from Pro to Pro (pay as you go)'],
  [{ action: 'subscription.changed', target: { type: 'subscription', id: 'acme', name: 'Acme' }, details: { from: 'team', to: 'pro' } }, 'changed the plan from Team to Pro'],
  [{ action: 'member.role_changed', target: member, details: { email: 'ana@example.com', from: 'Developer', to: 'Admin' } }, "changed ana@example.com's role from Developer to Admin"],
  [{ action: 'member.invited', target: { type: 'invitation', id: '9', name: 'bo@example.com' }, details: { email: 'bo@example.com', role: 'Read-only' } }, 'invited bo@example.com as Read-only'],
  [{ action: 'member.invitation_revoked', target: { type: 'invitation', id: '9', name: 'bo@example.com' }, details: {} }, 'revoked the invitation of bo@example.com'],
  [{ action: 'member.joined', target: member, details: { role: 'Developer' } }, 'joined the organization as Developer'],
  [{ action: 'member.removed', target: member, details: { email: 'ana@example.com', role: 'Admin' } }, 'removed ana@example.com from the organization'],
  [{ action: 'member.left', target: member, details: {} }, 'left the organization'],
  [{ action: 'project.created', target: project, details: { region: 'eu-west-1' } }, 'created project Shop'],
  [{ action: 'project.paused', target: project, details: {} }, 'paused project Shop'],
  [{ action: 'project.renamed', target: project, details: { from: 'Old shop', to: 'Shop' } }, 'renamed project Shop from Old shop to Shop'],
  [{ action: 'project.restored', target: project, details: {} }, 'restored project Shop'],
  [{ action: 'project.resized', target: project, details: { from: 'Micro', to: 'Small' } }, 'changed the compute size of project Shop from Micro to Small'],
  [{ action: 'project.upgraded', target: project, details: { extensions: ['hstore 1.4 → 1.8'] } }, 'upgraded project Shop (hstore 1.4 → 1.8)'],
  [{ action: 'project.deleted', target: { ...project, name: null }, details: {} }, 'deleted project abcdefghijklmnopqrst'],
  [{ action: 'project.transferred', target: project, details: { from: 'Acme', to: 'Beta', branches: ['b'] } }, 'transferred project Shop from Acme to Beta'],
  [{ action: 'organization.created', target: organization, details: {} }, 'created the organization Acme'],
  [{ action: 'organization.updated', target: organization, details: { from: 'Acme', to: 'Acme Inc' } }, 'renamed the organization from Acme to Acme Inc'],
  [{ action: 'organization.billing_email_changed', target: organization, details: { from: 'Unknown', to: 'bills@acme.test' } }, 'changed the billing email from Unknown to bills@acme.test'],
  [{ action: 'tax_id.added', target: { type: 'tax_id', id: '3', name: 'DE123456789' }, details: { type: 'eu_vat', value: 'DE123456789', country: 'DE' } }, 'added the tax id DE123456789 (eu_vat)'],
  [{ action: 'tax_id.removed', target: { type: 'tax_id', id: '3', name: 'DE123456789' }, details: {} }, 'removed the tax id DE123456789'],
  // Details the platform did not record (or recorded as something else than text) are left out.
  [{ action: 'member.role_changed', target: { type: 'member', id: 'u-2', name: null }, details: { from: 7 } }, "changed u-2's role"],
])('%j reads "%s"', (entry, expected) => {
  expect(describeAuditEntry(entry)).toBe(expected)
})

it('names the platform itself as System', () => {
  expect(auditActor({ actor: null })).toBe('System')
  expect(auditActor({ actor: { id: 'u-1', email: 'owner@acme.test' } })).toBe('owner@acme.test')
})

it('names the target by its kind and name, else its id', () => {
  expect(describeAuditTarget({ target: project })).toBe('Project Shop')
  expect(describeAuditTarget({ target: { type: 'tax_id', id: '3', name: null } })).toBe('Tax id 3')
})

it('formats the time as DD MMM YYYY, HH:mm:ss (ZZ)', () => {
  expect(formatAuditTime('2025-03-04T05:06:07Z')).toMatch(/^\d{2} Mar 2025, \d{2}:06:07 \([+-]\d{4}\)$/)
})
