/** The few backend messages the listener writes itself, before the project's database takes over. */

function message(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(5)
  head.write(type, 0, 'latin1')
  head.writeInt32BE(4 + body.length, 1)
  return Buffer.concat([head, body])
}

function authentication(code: number, data: Buffer = Buffer.alloc(0)): Buffer {
  const head = Buffer.alloc(4)
  head.writeInt32BE(code, 0)
  return message('R', Buffer.concat([head, data]))
}

/** AuthenticationSASL offering the mechanisms named. */
export const authenticationSasl = (mechanisms: string[]) => authentication(10, Buffer.from(`${mechanisms.map((m) => `${m}\0`).join('')}\0`, 'utf8'))
export const authenticationSaslContinue = (data: string) => authentication(11, Buffer.from(data, 'utf8'))
export const authenticationSaslFinal = (data: string) => authentication(12, Buffer.from(data, 'utf8'))

/** ErrorResponse with severity FATAL: the listener hangs up after it. */
export function fatalError(code: string, text: string): Buffer {
  const fields = [`SFATAL`, `VFATAL`, `C${code}`, `M${text}`].map((f) => `${f}\0`).join('')
  return message('E', Buffer.from(`${fields}\0`, 'utf8'))
}

/** SASLInitialResponse ('p'): the mechanism and the client's first message. */
export function parseSaslInitialResponse(body: Buffer): { mechanism: string; data: string } | null {
  const end = body.indexOf(0)
  if (end === -1 || body.length < end + 5) return null
  const mechanism = body.toString('utf8', 0, end)
  const length = body.readInt32BE(end + 1)
  const data = body.subarray(end + 5)
  if (length !== data.length) return null
  return { mechanism, data: data.toString('utf8') }
}
