import { safeReturnTo } from './return-to'

describe('safeReturnTo', () => {
  it.each([
    ['/projects', '/projects'],
    ['/projects?x=1', '/projects?x=1'],
    ['/project/abc/sql/new', '/project/abc/sql/new'],
    ['/org/my-org_1/billing?tab=invoices&page=2', '/org/my-org_1/billing?tab=invoices&page=2'],
    ['//evil.example', '/projects'],
    ['https://evil.example', '/projects'],
    ['http://evil.example/projects', '/projects'],
    ['javascript:alert(1)', '/projects'],
    ['/\\evil.example', '/projects'],
    ['\\\\evil.example', '/projects'],
    ['%2F%2Fevil.example', '/projects'],
    ['/%2F%2Fevil.example', '/projects'],
    ['/%5Cevil.example', '/projects'],
    ['/projects?next=//evil.example', '/projects'],
    ['/projects?next=https://evil.example', '/projects'],
    ['/projects#frag', '/projects'],
    ['/projects/../..//evil', '/projects'],
    ['projects', '/projects'],
    ['/ projects', '/projects'],
    ['/projects\n//evil', '/projects'],
    ['', '/projects'],
    [undefined, '/projects'],
    [['/a', '/b'], '/projects'],
  ])('returnTo %j → %s', (input, expected) => expect(safeReturnTo(input)).toBe(expected))
})
