import { expect, it } from 'vitest'
import { readGithubAppConfig } from './config'
import { githubAppUrls } from './github-app'

const reader = (vars: Record<string, string>) => (name: string) => vars[name]

it('is not configured without any of its variables', () => {
  expect(readGithubAppConfig(reader({}))).toBeNull()
})

it('points at github.com unless told otherwise', () => {
  const app = readGithubAppConfig(reader({ GITHUB_APP_CLIENT_ID: 'Iv1.abc', GITHUB_APP_CLIENT_SECRET: 's3cret', GITHUB_APP_SLUG: 'acme-dash' }))!
  expect(app).toMatchObject({ slug: 'acme-dash', url: 'https://github.com', apiUrl: 'https://api.github.com' })
  expect(githubAppUrls(app)).toEqual({
    authorize: 'https://github.com/login/oauth/authorize?client_id=Iv1.abc',
    install: 'https://github.com/apps/acme-dash/installations/new',
  })
  const enterprise = readGithubAppConfig(reader({ GITHUB_APP_CLIENT_ID: 'a', GITHUB_APP_CLIENT_SECRET: 'b', GITHUB_APP_URL: 'https://git.example.com/', GITHUB_APP_API_URL: 'https://git.example.com/api/v3' }))!
  expect(githubAppUrls(enterprise)).toEqual({ authorize: 'https://git.example.com/login/oauth/authorize?client_id=a', install: null })
})

it.each([
  [{ GITHUB_APP_SLUG: 'acme' }, 'GITHUB_APP_CLIENT_ID must be set'],
  [{ GITHUB_APP_CLIENT_ID: 'a' }, 'GITHUB_APP_CLIENT_SECRET must be set'],
  [{ GITHUB_APP_CLIENT_SECRET: 'b' }, 'GITHUB_APP_CLIENT_ID must be set'],
  [{ GITHUB_APP_CLIENT_ID: 'a', GITHUB_APP_CLIENT_SECRET: 'b', GITHUB_APP_SLUG: 'no/slashes' }, 'GITHUB_APP_SLUG must be'],
  [{ GITHUB_APP_CLIENT_ID: 'a', GITHUB_APP_CLIENT_SECRET: 'b', GITHUB_APP_URL: 'javascript:x' }, 'GITHUB_APP_URL must be an http(s) URL'],
])('stops the start on a set-up that cannot work: %o', (vars, message) => {
  expect(() => readGithubAppConfig(reader(vars))).toThrow(message)
})
