import type { TelemetryRecord } from '@/lib/api-types'
import { summarizeRecord } from './telemetry-record.utils'

type Row = Pick<TelemetryRecord, 'kind' | 'event' | 'properties'>

it.each<[Row, { title: string; detail: string | null }]>([
  [{ kind: 'page', event: 'page_view', properties: { pathname: '/projects', page_url: 'http://x/projects' } }, { title: 'Page viewed', detail: '/projects' }],
  [{ kind: 'page', event: 'page_leave', properties: { pathname: '/sign-in' } }, { title: 'Page left', detail: '/sign-in' }],
  [{ kind: 'page', event: 'page_view', properties: { page_url: 'http://x/a' } }, { title: 'Page viewed', detail: 'http://x/a' }],
  [{ kind: 'identify', event: 'identify', properties: {} }, { title: 'This browser linked to your account', detail: null }],
  [{ kind: 'groups', event: 'groups_identify', properties: { organization_slug: 'acme', project_ref: 'abc' } }, { title: 'Entered', detail: 'organization acme, project abc' }],
  [{ kind: 'groups', event: 'groups_reset', properties: { reset_organization: false, reset_project: true } }, { title: 'Left', detail: 'project' }],
  [{ kind: 'groups', event: 'groups_reset', properties: { reset_organization: true, reset_project: true } }, { title: 'Left', detail: 'organization and project' }],
  [{ kind: 'feature_flag', event: 'feature_flag_called', properties: { feature_flag_name: 'newNav', feature_flag_value: 'b' } }, { title: 'Feature flag used', detail: 'newNav = "b"' }],
  [{ kind: 'event', event: 'sign_up', properties: { category: 'conversion' } }, { title: 'Signed up', detail: null }],
  [{ kind: 'event', event: 'feature_preview_enabled', properties: { pathname: '/projects' } }, { title: 'Event: feature_preview_enabled', detail: '/projects' }],
  [{ kind: 'event', event: 'x', properties: {} }, { title: 'Event: x', detail: null }],
])('%j reads %j', (row, expected) => expect(summarizeRecord(row)).toEqual(expected))
