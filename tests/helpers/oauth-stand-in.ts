/**
 * A stand-in for GitHub's OAuth app endpoints and API, on a local port: the authorize page
 * approves at once (or denies) and sends the browser back with a code and the state; the token
 * endpoint exchanges a code once; /api/user and /api/user/emails answer the account that approved
 * (and /api/userinfo the same account as an OpenID-style provider would, for generic providers).
 * The token endpoint can be made to misbehave (garbage, no answer) to test how the platform copes.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { randomBytes } from 'node:crypto'

export type StandInAccount = {
  id: number
  login: string
  name?: string | null
  avatar_url?: string | null
  emails: { email: string; primary: boolean; verified: boolean }[]
}

export type TokenBehaviour = 'ok' | 'garbage' | 'hang' | 'refuse'

export type OAuthStandIn = {
  /** Base of the authorize and token endpoints (AUTH_EXTERNAL_GITHUB_URL). */
  url: string
  /** Base of the API (AUTH_EXTERNAL_GITHUB_API_URL). */
  apiUrl: string
  clientId: string
  secret: string
  /** Who approves the next authorizations, or 'deny' for a user who says no. */
  signInAs(account: StandInAccount | 'deny'): void
  /** How the token endpoint answers from now on. */
  tokenBehaviour: TokenBehaviour
  /** The authorize requests seen (their query), newest last. */
  authorizations: URLSearchParams[]
  close(): Promise<void>
}

let next = 1000
/** A GitHub account with one verified primary address. */
export function githubAccount(email: string, overrides: Partial<StandInAccount> = {}): StandInAccount {
  const id = ++next
  return {
    id,
    login: `octo-${id}`,
    name: `Octo ${id}`,
    avatar_url: `https://avatars.example.com/u/${id}?v=4`,
    emails: [{ email, primary: true, verified: true }],
    ...overrides,
  }
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = ''
    req.setEncoding('utf8')
    req.on('data', (chunk) => (body += chunk))
    req.on('end', () => resolve(body))
    req.on('error', reject)
  })
}

function json(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'Content-Type': 'application/json' })
  res.end(JSON.stringify(body))
}

export async function startOAuthStandIn(): Promise<OAuthStandIn> {
  const clientId = `client-${randomBytes(4).toString('hex')}`
  const secret = randomBytes(16).toString('hex')
  let approver: StandInAccount | 'deny' = 'deny'
  const codes = new Map<string, { account: StandInAccount; redirectUri: string }>()
  const tokens = new Map<string, StandInAccount>()
  const authorizations: URLSearchParams[] = []

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in')
    if (req.method === 'GET' && url.pathname === '/login/oauth/authorize') {
      authorizations.push(url.searchParams)
      const redirectUri = url.searchParams.get('redirect_uri') ?? ''
      const back = new URL(redirectUri)
      back.searchParams.set('state', url.searchParams.get('state') ?? '')
      if (url.searchParams.get('client_id') !== clientId || approver === 'deny') {
        back.searchParams.set('error', 'access_denied')
        back.searchParams.set('error_description', 'The user has denied your application access.')
      } else {
        const code = randomBytes(10).toString('hex')
        codes.set(code, { account: approver, redirectUri })
        back.searchParams.set('code', code)
      }
      res.writeHead(302, { Location: back.toString() })
      return res.end()
    }
    if (req.method === 'POST' && url.pathname === '/login/oauth/access_token') {
      const form = new URLSearchParams(await readBody(req))
      if (stand.tokenBehaviour === 'hang') return // no answer, ever
      if (stand.tokenBehaviour === 'garbage') {
        res.writeHead(200, { 'Content-Type': 'text/html' })
        return res.end('<html><body>Unicorn! This page is taking too long to load.</body></html>')
      }
      const grant = codes.get(form.get('code') ?? '')
      codes.delete(form.get('code') ?? '')
      const valid = grant && form.get('client_id') === clientId && form.get('client_secret') === secret && form.get('redirect_uri') === grant.redirectUri
      // GitHub answers a bad code with 200 and an error field.
      if (!valid || stand.tokenBehaviour === 'refuse') return json(res, 200, { error: 'bad_verification_code', error_description: 'The code passed is incorrect or expired.' })
      const token = `gho_${randomBytes(12).toString('hex')}`
      tokens.set(token, grant.account)
      return json(res, 200, { access_token: token, token_type: 'bearer', scope: 'user:email' })
    }
    const account = tokens.get((req.headers.authorization ?? '').replace(/^Bearer /, ''))
    if (req.method === 'GET' && ['/api/user', '/api/user/emails', '/api/userinfo'].includes(url.pathname)) {
      if (!account) return json(res, 401, { message: 'Bad credentials' })
      if (url.pathname === '/api/userinfo') {
        // What an OpenID-style provider answers, for the generic OAuth 2 provider.
        const primary = account.emails.find((e) => e.primary)
        return json(res, 200, { sub: `acme-${account.id}`, email: primary?.email, email_verified: primary?.verified, name: account.name, preferred_username: account.login, picture: account.avatar_url })
      }
      if (url.pathname === '/api/user/emails') return json(res, 200, account.emails.map((e) => ({ ...e, visibility: e.primary ? 'public' : null })))
      return json(res, 200, { id: account.id, login: account.login, name: account.name ?? null, avatar_url: account.avatar_url ?? null, email: null })
    }
    json(res, 404, { message: 'Not Found' })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  const stand: OAuthStandIn = {
    url: base,
    apiUrl: `${base}/api`,
    clientId,
    secret,
    signInAs: (account) => void (approver = account),
    tokenBehaviour: 'ok',
    authorizations,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
  return stand
}
