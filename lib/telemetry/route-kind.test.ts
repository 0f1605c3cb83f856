import { groupChange, groupsOf, routeKind, type GroupChange } from './route-kind'

describe('routeKind', () => {
  it.each([
    ['/project/[ref]', { ref: 'abc' }, { kind: 'project', ref: 'abc' }],
    ['/project/[ref]/sql/[id]', { ref: 'abc', id: 'new' }, { kind: 'project', ref: 'abc' }],
    ['/project/[ref]/database/column-privileges', { ref: 'abc' }, { kind: 'project', ref: 'abc' }],
    ['/org/[slug]/billing', { slug: 'acme' }, { kind: 'organization', slug: 'acme' }],
    ['/org/[slug]', { slug: 'acme' }, { kind: 'organization', slug: 'acme' }],
    ['/org/[slug]/project/[ref]', { slug: 'acme', ref: 'abc' }, { kind: 'project', ref: 'abc' }],
    ['/projects', {}, { kind: 'other' }],
    ['/sign-in', { returnTo: '/project/abc' }, { kind: 'other' }],
    ['/account/telemetry', {}, { kind: 'other' }],
    // A query value alone does not make a project route; the pattern must name it.
    ['/projects', { ref: 'abc' }, { kind: 'other' }],
    // Not resolved yet (first render of a static optimisation) or repeated: no group.
    ['/project/[ref]', {}, { kind: 'other' }],
    ['/project/[ref]', { ref: ['a', 'b'] }, { kind: 'other' }],
    ['/org/[slug]', { slug: '' }, { kind: 'other' }],
  ])('%s %j → %j', (pattern, query, expected) => expect(routeKind(pattern, query)).toEqual(expected))
})

describe('groupsOf', () => {
  it.each([
    [{ kind: 'project', ref: 'abc' } as const, { project: 'abc' }],
    [{ kind: 'organization', slug: 'acme' } as const, { organization: 'acme' }],
    [{ kind: 'other' } as const, {}],
  ])('%j → %j', (route, groups) => expect(groupsOf(route)).toEqual(groups))
})

describe('groupChange', () => {
  it.each<[string, object, object, GroupChange]>([
    ['nothing to nothing', {}, {}, {}],
    ['entering a project', {}, { project: 'abc' }, { identify: { project_ref: 'abc' } }],
    ['entering an organization', {}, { organization: 'acme' }, { identify: { organization_slug: 'acme' } }],
    ['staying in a project', { project: 'abc' }, { project: 'abc' }, {}],
    ['another project', { project: 'abc' }, { project: 'xyz' }, { identify: { project_ref: 'xyz' } }],
    ['leaving a project', { project: 'abc' }, {}, { reset: { reset_organization: false, reset_project: true } }],
    ['leaving an organization', { organization: 'acme' }, {}, { reset: { reset_organization: true, reset_project: false } }],
    [
      'from an organization to a project',
      { organization: 'acme' },
      { project: 'abc' },
      { identify: { project_ref: 'abc' }, reset: { reset_organization: true, reset_project: false } },
    ],
    [
      'from a project to an organization',
      { project: 'abc' },
      { organization: 'acme' },
      { identify: { organization_slug: 'acme' }, reset: { reset_organization: false, reset_project: true } },
    ],
    ['leaving both', { organization: 'acme', project: 'abc' }, {}, { reset: { reset_organization: true, reset_project: true } }],
  ])('%s', (_name, previous, next, expected) => expect(groupChange(previous, next)).toEqual(expected))
})
