// The client of the timed API calls (§2, §4): node:http over one keep-alive agent. Node's fetch
// (undici, Node 20) spends about 0.2 ms of its own on every request, which is the client's cost,
// not the platform's, and which a browser's fetch does not have: §2 prints it, asking a bare
// node:http server with both clients.
import http from 'node:http'

/** One keep-alive agent per bench process; `sockets` for concurrent callers (§4). */
export function keepAliveAgent(sockets = 1) {
  return new http.Agent({ keepAlive: true, maxSockets: sockets })
}

/** Sends one request; answers { status, body } (body: the whole answer as a Buffer). */
export function send(agent, url, { method = 'GET', headers = {}, body } = {}) {
  const target = new URL(url)
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        agent,
        host: target.hostname,
        port: target.port,
        method,
        path: `${target.pathname}${target.search}`,
        headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        const chunks = []
        res.on('data', (chunk) => chunks.push(chunk))
        res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(chunks) }))
        res.on('error', reject)
      }
    )
    req.on('error', reject)
    req.end(body)
  })
}

/** Sends one request and parses its JSON answer; throws on a status other than 200. */
export async function sendForJson(agent, url, options) {
  const { status, body } = await send(agent, url, options)
  if (status !== 200) throw new Error(`${options?.method ?? 'GET'} ${url} → ${status}: ${body.toString().slice(0, 300)}`)
  return JSON.parse(body.toString())
}
