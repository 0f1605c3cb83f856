/**
 * Where the fetch stack finds the current access token. No call that needs the session may leave
 * before the session is known: until the dashboard has said where its session comes from (the
 * auth client in platform mode, none in self-hosted mode), `getAccessToken` waits. The auth
 * provider says so while it first renders, before any page below it mounts; a token read from the
 * auth client itself waits for the client to have read the stored session.
 */
type TokenProvider = () => Promise<string | undefined>
type Source = { provider: TokenProvider | undefined }

let source: Source | undefined
let waiting: Array<(known: Source) => void> = []

/** Declares where the session comes from (`undefined`: there is none); callers waiting go on. */
export function setAccessTokenProvider(next: TokenProvider | undefined) {
  const known: Source = { provider: next }
  source = known
  const resolved = waiting
  waiting = []
  for (const resolve of resolved) resolve(known)
}

/** Back to "not known yet" (tests of the wait). */
export function forgetAccessTokenProvider() {
  source = undefined
}

export async function getAccessToken(): Promise<string | undefined> {
  const { provider } = source ?? (await new Promise<Source>((resolve) => waiting.push(resolve)))
  if (!provider) return undefined
  try {
    return await provider()
  } catch {
    return undefined
  }
}
