/**
 * Where the fetch stack finds the current access token. The auth client registers a provider at
 * start-up; until then (or in self-hosted mode) requests go without a bearer.
 */
type TokenProvider = () => Promise<string | undefined>

let provider: TokenProvider | undefined

export function setAccessTokenProvider(next: TokenProvider | undefined) {
  provider = next
}

export async function getAccessToken(): Promise<string | undefined> {
  if (!provider) return undefined
  try {
    return await provider()
  } catch {
    return undefined
  }
}
