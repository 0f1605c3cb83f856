import { describe, expect, it } from 'vitest'
import { readOAuthProviders } from './oauth-config'

const read = (env: Record<string, string>) => readOAuthProviders((name) => env[name])

const ACME = {
  AUTH_EXTERNAL_PROVIDERS: 'acme',
  AUTH_EXTERNAL_ACME_CLIENT_ID: 'id',
  AUTH_EXTERNAL_ACME_SECRET: 'secret',
  AUTH_EXTERNAL_ACME_AUTHORIZE_URL: 'https://sso.acme.test/oauth/authorize',
  AUTH_EXTERNAL_ACME_TOKEN_URL: 'https://sso.acme.test/oauth/token',
  AUTH_EXTERNAL_ACME_USERINFO_URL: 'https://sso.acme.test/oauth/userinfo',
}

describe('OAuth providers from the environment', () => {
  it('has none unless configured', () => {
    expect(read({})).toEqual([])
  })

  it("reads GitHub with GitHub's own URLs by default, overridable", () => {
    const [github] = read({ AUTH_EXTERNAL_GITHUB_CLIENT_ID: 'id', AUTH_EXTERNAL_GITHUB_SECRET: 'secret' })
    expect(github).toMatchObject({
      name: 'github',
      authorizeUrl: 'https://github.com/login/oauth/authorize',
      tokenUrl: 'https://github.com/login/oauth/access_token',
      userUrl: 'https://api.github.com/user',
      emailsUrl: 'https://api.github.com/user/emails',
      scopes: ['user:email'],
    })
    const [local] = read({
      AUTH_EXTERNAL_GITHUB_CLIENT_ID: 'id',
      AUTH_EXTERNAL_GITHUB_SECRET: 'secret',
      AUTH_EXTERNAL_GITHUB_URL: 'http://127.0.0.1:9999/',
      AUTH_EXTERNAL_GITHUB_API_URL: 'http://127.0.0.1:9999/api',
    })
    expect(local).toMatchObject({ authorizeUrl: 'http://127.0.0.1:9999/login/oauth/authorize', userUrl: 'http://127.0.0.1:9999/api/user' })
  })

  it('reads generic providers by name, scopes split on commas or spaces', () => {
    const [acme] = read({ ...ACME, AUTH_EXTERNAL_PROVIDERS: ' ACME ', AUTH_EXTERNAL_ACME_SCOPES: 'openid, email profile' })
    expect(acme).toMatchObject({ name: 'acme', kind: 'generic', tokenUrl: ACME.AUTH_EXTERNAL_ACME_TOKEN_URL, scopes: ['openid', 'email', 'profile'] })
  })

  it.each([
    [{ AUTH_EXTERNAL_GITHUB_CLIENT_ID: 'id' }, 'AUTH_EXTERNAL_GITHUB_SECRET must be set when AUTH_EXTERNAL_GITHUB_CLIENT_ID is'],
    [{ AUTH_EXTERNAL_GITHUB_SECRET: 's' }, 'AUTH_EXTERNAL_GITHUB_CLIENT_ID must be set when AUTH_EXTERNAL_GITHUB_SECRET is'],
    [{ AUTH_EXTERNAL_GITHUB_CLIENT_ID: 'id', AUTH_EXTERNAL_GITHUB_SECRET: 's', AUTH_EXTERNAL_GITHUB_URL: 'ftp://x' }, 'AUTH_EXTERNAL_GITHUB_URL must be an http(s) URL'],
    [{ ...ACME, AUTH_EXTERNAL_ACME_TOKEN_URL: '' }, 'AUTH_EXTERNAL_PROVIDERS names "acme": AUTH_EXTERNAL_ACME_TOKEN_URL must be set'],
    [{ ...ACME, AUTH_EXTERNAL_ACME_USERINFO_URL: 'not a url' }, 'AUTH_EXTERNAL_ACME_USERINFO_URL must be an http(s) URL'],
    [{ ...ACME, AUTH_EXTERNAL_PROVIDERS: 'acme,acme' }, 'names "acme" twice'],
    [{ AUTH_EXTERNAL_PROVIDERS: 'git-lab' }, '"git-lab" is not a provider name'],
    [{ AUTH_EXTERNAL_PROVIDERS: 'email' }, '"email" is reserved'],
    [{ AUTH_EXTERNAL_PROVIDERS: 'github' }, 'GitHub is configured by AUTH_EXTERNAL_GITHUB_CLIENT_ID'],
  ])('refuses %o at start: %s', (env, message) => {
    expect(() => read(env as Record<string, string>)).toThrow(message)
  })
})
