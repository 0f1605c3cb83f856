import { describe, expect, it } from 'vitest'
import { isPlatformPath } from './platform-paths.mjs'

describe('isPlatformPath', () => {
  it.each(['/api', '/api/', '/api?x=1', '/api/platform/projects', '/auth/v1/token?grant_type=password', '/p/abcdef/rest/v1/todos?select=*', '/p/abcdef/rest/v1', '/p/abc/auth/v1/signup', '/p/abc/storage/v1/object/a', '/p/abc/functions/v1', '/p/abc/realtime/v1/websocket?vsn=1.0.0'])(
    'hands %s to the platform',
    (url) => expect(isPlatformPath(url)).toBe(true)
  )

  it.each(['/', '/apix', '/apis/x', '/projects', '/project/abc/api', '/auth/v1', '/sign-in', '/p/abc/storage/v2/x', '/p/abc/storage', '/p/abc/REST/v1/x', '/project/abc/storage/buckets', '/_next/static/chunks/a.js', '/p//rest/v1/x'])(
    'leaves %s to Next',
    (url) => expect(isPlatformPath(url)).toBe(false)
  )
})
