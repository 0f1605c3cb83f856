import { adminUrlForRegion, parseProjectDbServers } from './servers'

describe('PROJECT_DB_SERVERS', () => {
  it('reads region=url pairs, a wildcard, or a bare URL', () => {
    const targets = parseProjectDbServers('us-east-1=postgres://a@h1/postgres, eu-west-1=postgresql://b@h2/postgres?sslmode=require')
    expect(adminUrlForRegion(targets, 'us-east-1')).toBe('postgres://a@h1/postgres')
    expect(adminUrlForRegion(targets, 'eu-west-1')).toBe('postgresql://b@h2/postgres?sslmode=require')
    expect(adminUrlForRegion(targets, 'ap-south-1')).toBeUndefined()
    expect(adminUrlForRegion(parseProjectDbServers('*=postgres://x@h/db'), 'ap-south-1')).toBe('postgres://x@h/db')
    expect(adminUrlForRegion(parseProjectDbServers('postgres://x@h/db?a=b'), 'sin')).toBe('postgres://x@h/db?a=b')
    expect(parseProjectDbServers(undefined).size).toBe(0)
  })
  it('refuses what is not a postgres URL', () => {
    expect(() => parseProjectDbServers('us-east-1=mysql://h/db')).toThrow(/not a postgres URL/)
  })
})
