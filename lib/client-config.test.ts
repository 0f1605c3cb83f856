import { apiBases } from './client-config'

it.each([
  [undefined, { api: '/api', platform: '/api/platform' }],
  ['/api/', { api: '/api', platform: '/api/platform' }],
  ['https://api.example.com', { api: 'https://api.example.com', platform: 'https://api.example.com/platform' }],
  ['https://api.example.com/platform', { api: 'https://api.example.com', platform: 'https://api.example.com/platform' }],
  ['https://x.example/api/platform/', { api: 'https://x.example/api', platform: 'https://x.example/api/platform' }],
])('NEXT_PUBLIC_API_URL=%s → %j', (configured, expected) => expect(apiBases(configured)).toEqual(expected))
