import { existenceError, ORG_NOT_FOUND, PROJECT_NOT_FOUND } from './existence-guard'

const organizations = [{ slug: 'acme' }]
const projects = [{ ref: 'abc', preview_branch_refs: ['branch1'] }]

describe('existenceError', () => {
  it.each([
    [{ pathname: '/org/[slug]', slug: 'acme' }, null],
    [{ pathname: '/org/[slug]', slug: 'nope' }, ORG_NOT_FOUND],
    [{ pathname: '/project/[ref]', ref: 'abc' }, null],
    [{ pathname: '/project/[ref]', ref: 'branch1' }, null],
    [{ pathname: '/project/[ref]', ref: 'nope' }, PROJECT_NOT_FOUND],
    [{ pathname: '/new/[slug]', slug: 'nope' }, null],
    [{ pathname: '/join', slug: 'nope' }, null],
    [{ pathname: '/org/[slug]/team', slug: 'nope' }, ORG_NOT_FOUND],
    [{ pathname: '/org/[slug]/general', slug: 'nope' }, ORG_NOT_FOUND],
    // Only /join itself is exempt, not every path that starts alike.
    [{ pathname: '/joined/[slug]', slug: 'nope' }, ORG_NOT_FOUND],
  ])('%j → %s', (input, expected) => expect(existenceError({ organizations, projects, ...input })).toBe(expected))

  it('waits for the lists before deciding', () => {
    expect(existenceError({ pathname: '/project/[ref]', ref: 'x' })).toBeNull()
  })
})
