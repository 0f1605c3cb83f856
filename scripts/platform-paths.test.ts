import { describe, expect, it } from 'vitest'
import { isPlatformPath } from './platform-paths.mjs'

describe('isPlatformPath', () => {
  it.each(['/api', '/api/', '/api?x=1', '/api/platform/projects', '/auth/v1/token?grant_type=password', '/p/abcdef/rest/v1/todos?select=*', '/p/abcdef/rest/v1', '/p/abc/auth/v1/signup'])(
    'hands %s to the platform',
    (url) => expect(isPlatformPath(url)).toBe(true)
  )

  it.each(['/', '/apix', '/apis/x', '/projects', '/project/abc/api', '/auth/v1', '/sign-in', '/p/abc/storage/v1/x', '/p/abc/restx/v1', '/_next/static/chunks/a.js', '/p//rest/v1/x'])(
    'leaves %s to Next',
    (url) => expect(isPlatformPath(url)).toBe(false)
  )
})
