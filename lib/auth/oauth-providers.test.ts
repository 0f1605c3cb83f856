import { describe, expect, it } from 'vitest'
import { enabledOAuthProviders, providerLabel } from './oauth-providers'

describe('OAuth providers in the dashboard', () => {
  it('lists the providers that are on, GitHub first, never the built-in methods', () => {
    expect(enabledOAuthProviders({ email: true, phone: true, anonymous_users: true, saml: false, zeta: true, acme: true, github: true, google: false })).toEqual([
      'github',
      'acme',
      'zeta',
    ])
    expect(enabledOAuthProviders(undefined)).toEqual([])
  })

  it.each([
    ['github', 'GitHub'],
    ['gitlab', 'GitLab'],
    ['acme', 'Acme'],
    ['acme_sso', 'Acme Sso'],
  ])('%s is shown as %s', (name, label) => expect(providerLabel(name)).toBe(label))
})
