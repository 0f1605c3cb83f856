import { contentSecurityPolicy, originOf, securityHeaders } from './security-headers'

it('forbids framing, plugins and foreign targets, and allows only the configured origins to be called', () => {
  const csp = contentSecurityPolicy({ connectOrigins: ['https://api.example.com', 'https://api.example.com'] })
  expect(csp).toContain("frame-ancestors 'none'")
  expect(csp).toContain("object-src 'none'")
  expect(csp).toContain("connect-src 'self' https://api.example.com;")
  expect(csp).not.toContain('unsafe-eval')
  expect(contentSecurityPolicy({ development: true })).toContain("'unsafe-eval'")
})

it('takes origins from absolute URLs only', () => {
  expect(originOf('/api')).toEqual([])
  expect(originOf(undefined)).toEqual([])
  expect(originOf('https://auth.example.com/auth/v1')).toEqual(['https://auth.example.com'])
})

it('names every header a page needs', () => {
  expect(securityHeaders().map((h) => h.key)).toEqual([
    'Content-Security-Policy',
    'X-Frame-Options',
    'X-Content-Type-Options',
    'Referrer-Policy',
    'Permissions-Policy',
  ])
})
