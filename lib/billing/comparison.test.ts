import { describe, expect, it } from 'vitest'
import { COMPARISON_GROUPS, comparisonGroup } from '../api-types/billing'
import { PLAN_IDS } from '../api-types/plans'
import { COMPARISON } from './comparison'

const rows = COMPARISON.flatMap((group) => group.rows)
const rowOf = (key: string) => rows.find((r) => r.key === key)!

describe('COMPARISON', () => {
  it('has every group, in order, each matching the contract', () => {
    expect(COMPARISON.map((g) => g.key)).toEqual([...COMPARISON_GROUPS])
    for (const group of COMPARISON) {
      expect(comparisonGroup.parse(group)).toEqual(group)
      expect(group.rows.length).toBeGreaterThan(0)
    }
  })

  it('has a cell for each of the four plans in every row, never an empty one', () => {
    for (const row of rows) {
      expect(Object.keys(row.plans).sort()).toEqual([...PLAN_IDS].sort())
      for (const cell of Object.values(row.plans)) {
        if (typeof cell === 'string') expect(cell.trim()).not.toBe('')
        if (Array.isArray(cell)) expect(cell.length).toBeGreaterThan(0)
      }
    }
    expect(new Set(rows.map((r) => r.key)).size).toBe(rows.length)
  })

  it('marks the rows priced by usage', () => {
    expect(rows.filter((r) => r.usage_based).map((r) => r.key)).toEqual([
      'compute',
      'database_size',
      'egress',
      'branching',
      'monthly_active_users',
      'saml',
      'storage_size',
      'image_transformations',
      'invocations',
      'peak_connections',
      'messages',
      'log_drains',
    ])
    expect(rowOf('log_retention').usage_based).toBe(false)
  })

  it('states quotas and overage prices from the plan table', () => {
    expect(rowOf('database_size').plans).toEqual({
      free: '500 MB per project',
      pro: '8 GB per project, then $0.125 per GB',
      team: '8 GB per project, then $0.125 per GB',
      enterprise: '8 GB per project, then $0.125 per GB',
    })
    expect(rowOf('egress').plans).toMatchObject({ free: '5 GB', pro: '250 GB, then $0.09 per GB' })
    expect(rowOf('monthly_active_users').plans).toMatchObject({ free: '50,000', pro: '100,000, then $0.00325 per MAU' })
    expect(rowOf('invocations').plans).toMatchObject({ free: '500,000', pro: '2 million, then $2 per million' })
    expect(rowOf('messages').plans).toMatchObject({ free: '2 million', pro: '5 million, then $2.50 per million' })
    expect(rowOf('peak_connections').plans).toMatchObject({ free: '200', pro: '500, then $10 per 1,000' })
    expect(rowOf('compute').plans).toMatchObject({ free: ['Nano', 'shared CPU', '512 MB memory', 'Included'], pro: ['Micro', '2-core CPU', '1 GB memory', '$0.01344 per hour'] })
    expect(rowOf('compute_credits').plans).toEqual({ free: false, pro: '$10 / month', team: '$10 / month', enterprise: '$10 / month' })
    expect(rowOf('active_projects').plans).toMatchObject({ free: '2 (1 for a partner organization)', pro: 'Unlimited' })
    expect(rowOf('pausing').plans).toMatchObject({ free: 'Paused after 1 week of inactivity', pro: 'Never paused' })
  })

  it('states the limits and other prices', () => {
    expect(rowOf('log_retention').plans).toEqual({ free: '1 day', pro: '7 days', team: '28 days', enterprise: '90 days' })
    expect(rowOf('backups').plans).toEqual({ free: false, pro: 'Kept 7 days', team: 'Kept 14 days', enterprise: 'Kept 14 days' })
    expect(rowOf('auth_audit_trail').plans).toEqual({ free: '1 hour', pro: '7 days', team: '28 days', enterprise: '28 days' })
    expect(rowOf('max_upload').plans).toMatchObject({ free: '50 MB', pro: '50 GB' })
    expect(rowOf('max_message_size').plans).toMatchObject({ free: '250 KB', pro: '3 MB' })
    expect(rowOf('functions').plans).toMatchObject({ free: '25', pro: '500', team: '1,000' })
    expect(rowOf('script_size').plans.free).toBe('20 MB')
    expect(rowOf('connections').plans).toMatchObject({ free: ['30 direct', '200 pooler'], pro: ['60 direct', '200 pooler'] })
    expect(rowOf('disk_io').plans).toMatchObject({ free: ['43 MB/s baseline', '2,085 MB/s burst'], pro: ['87 MB/s baseline', '2,085 MB/s burst'] })
    expect(rowOf('pitr').plans).toMatchObject({ free: false, pro: '$100 / month per 7 days of recovery' })
    expect(rowOf('branching').plans.pro).toBe('$0.32 per branch per day')
    expect(rowOf('custom_domain').plans.pro).toBe('$10 / month')
    expect(rowOf('saml').plans.pro).toBe('50 included, then $0.015 per MAU')
    expect(rowOf('phone_mfa').plans.pro).toBe('$75 / month for the first project, then $10 / month per project')
    expect(rowOf('image_transformations').plans.pro).toBe('100 origin images included, then $5 per 1,000')
    expect(rowOf('log_drains').plans.team).toBe('$60 / month, plus $0.20 per million events and $0.09 per GB')
  })

  it('offers Read-only from Team, and SSO and SOC2 on Team (SPEC §6); the organization audit log on every plan', () => {
    expect(rowOf('member_roles').plans.free).toEqual(['Owner', 'Admin', 'Developer'])
    expect(rowOf('member_roles').plans.pro).toEqual(['Owner', 'Admin', 'Developer'])
    expect(rowOf('member_roles').plans.team).toEqual(['Owner', 'Admin', 'Developer', 'Read-only'])
    expect(rowOf('member_roles').plans.enterprise).toContain('Custom project-scoped roles')
    for (const key of ['sso', 'soc2']) expect(rowOf(key).plans).toEqual({ free: false, pro: false, team: true, enterprise: true })
    expect(rowOf('audit_log').plans).toEqual({ free: true, pro: true, team: true, enterprise: true })
  })
})
