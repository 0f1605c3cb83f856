/**
 * Sign-in providers as the dashboard shows them: which of the auth service's settings are OAuth
 * providers that are on, and their names as people write them.
 */

/** Settings keys that are sign-in methods of the auth service itself, not OAuth providers. */
const NOT_OAUTH = ['email', 'phone', 'anonymous_users', 'saml', 'sso', 'web3']

const LABELS: Record<string, string> = {
  github: 'GitHub',
  gitlab: 'GitLab',
  bitbucket: 'Bitbucket',
  google: 'Google',
  azure: 'Azure',
  linkedin_oidc: 'LinkedIn',
  slack_oidc: 'Slack',
  workos: 'WorkOS',
}

/** `github` → GitHub; an unknown `acme_sso` → Acme Sso. */
export function providerLabel(name: string): string {
  return LABELS[name] ?? name.replace(/_/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase())
}

/** The OAuth providers that are on, GitHub first, then by name. */
export function enabledOAuthProviders(external: Record<string, boolean> | undefined): string[] {
  return Object.entries(external ?? {})
    .filter(([name, on]) => on && !NOT_OAUTH.includes(name))
    .map(([name]) => name)
    .sort((a, b) => (a === 'github' ? -1 : b === 'github' ? 1 : a.localeCompare(b)))
}
