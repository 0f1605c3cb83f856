import { randomBytes } from 'node:crypto'
import { safeReturnTo } from '@/lib/return-to'
import { invitationLink, roleOptions } from './roles.utils'

const offered = (options: ReturnType<typeof roleOptions>) => options.filter((o) => !o.disabled).map((o) => o.value)

it.each([
  ['free', 'Owner', ['Owner', 'Admin', 'Developer']],
  ['pro', 'Admin', ['Admin', 'Developer']],
  ['team', 'Owner', ['Owner', 'Admin', 'Developer', 'Read-only']],
  ['enterprise', 'Admin', ['Admin', 'Developer', 'Read-only']],
] as const)('on %s an %s is offered %j', (plan, callerRole, roles) => {
  expect(offered(roleOptions({ plan, callerRole }))).toEqual(roles)
})

it('shows a Read-only role kept from a former plan, without offering it to others', () => {
  const options = roleOptions({ plan: 'free', callerRole: 'Owner', current: 'Read-only' })
  expect(options.map((o) => o.value)).toEqual(['Owner', 'Admin', 'Developer', 'Read-only'])
  expect(options.find((o) => o.value === 'Read-only')?.disabled).toBe(false)
})

it('builds the /join link with the token in its query', () => {
  expect(invitationLink('abc_DEF-123', 'https://dash.example.com')).toBe('https://dash.example.com/join?token=abc_DEF-123')
})

it('a /join link survives sign-in: the return-to rule accepts it as it is', () => {
  for (let i = 0; i < 50; i++) {
    const path = `/join?token=${randomBytes(32).toString('base64url')}`
    expect(safeReturnTo(path)).toBe(path)
  }
})
