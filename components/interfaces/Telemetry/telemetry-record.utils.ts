/** How a recorded row reads on the account's telemetry page: a title, and what it was about. */
import type { TelemetryRecord } from '@/lib/api-types'

export type RecordSummary = { title: string; detail: string | null }

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null)

function groupsText(properties: Record<string, unknown>): string | null {
  const parts = [
    text(properties.organization_slug) && `organization ${properties.organization_slug}`,
    text(properties.project_ref) && `project ${properties.project_ref}`,
  ].filter(Boolean)
  return parts.length ? parts.join(', ') : null
}

function resetText(properties: Record<string, unknown>): string | null {
  const parts = [properties.reset_organization === true && 'organization', properties.reset_project === true && 'project'].filter(Boolean)
  return parts.length ? parts.join(' and ') : null
}

export function summarizeRecord(record: Pick<TelemetryRecord, 'kind' | 'event' | 'properties'>): RecordSummary {
  const p = record.properties
  switch (record.kind) {
    case 'page':
      return { title: record.event === 'page_leave' ? 'Page left' : 'Page viewed', detail: text(p.pathname) ?? text(p.page_url) }
    case 'identify':
      return { title: 'This browser linked to your account', detail: null }
    case 'groups':
      return record.event === 'groups_reset'
        ? { title: 'Left', detail: resetText(p) }
        : { title: 'Entered', detail: groupsText(p) }
    case 'feature_flag':
      return { title: 'Feature flag used', detail: text(p.feature_flag_name) && `${p.feature_flag_name} = ${JSON.stringify(p.feature_flag_value)}` }
    default:
      if (record.event === 'sign_up') return { title: 'Signed up', detail: null }
      return { title: `Event: ${record.event}`, detail: text(p.pathname) }
  }
}
