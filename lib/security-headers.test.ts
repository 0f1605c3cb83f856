import { contentSecurityPolicy, originOf, securityHeaders, widgetOriginsOf } from './security-headers'

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

it('lets a configured captcha widget load its script, frame, styles and calls, and nothing when none is', () => {
  const origins = widgetOriginsOf('https://js.hcaptcha.com/1/api.js')
  expect(origins).toEqual(['https://js.hcaptcha.com', 'https://hcaptcha.com', 'https://*.hcaptcha.com'])
  const csp = contentSecurityPolicy({ widgetOrigins: origins })
  expect(csp).toMatch(/script-src 'self' 'unsafe-inline' https:\/\/js\.hcaptcha\.com https:\/\/hcaptcha\.com https:\/\/\*\.hcaptcha\.com;/)
  expect(csp).toContain('frame-src https://js.hcaptcha.com')
  expect(csp).toContain("style-src 'self' 'unsafe-inline' https://js.hcaptcha.com")
  expect(csp).toContain("connect-src 'self' https://js.hcaptcha.com")
  expect(contentSecurityPolicy()).not.toContain('frame-src')
  expect(widgetOriginsOf('http://127.0.0.1:4000/api.js')).toEqual(['http://127.0.0.1:4000'])
  expect(widgetOriginsOf(undefined)).toEqual([])
})
