/**
 * A stand-in for an OpenAI-compatible Chat Completions server, on a local port: it answers
 * `POST /v1/chat/completions` with server-sent events, one `data:` event per piece of the answer
 * and `data: [DONE]`, and records every request it got (the system prompt included). It can be
 * told to refuse (any status), to send garbage, to hang, or to pause between pieces.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'

export type StandInBehaviour =
  | { kind: 'stream'; pieces: string[]; pauseMs?: number }
  | { kind: 'status'; status: number }
  | { kind: 'garbage' }
  | { kind: 'hang' }

export type ReceivedRequest = {
  authorization: string | undefined
  body: { model: string; stream: boolean; messages: { role: string; content: string }[] }
}

export type OpenAiStandIn = {
  /** What OPENAI_BASE_URL would be. */
  baseUrl: string
  behaviour: StandInBehaviour
  requests: ReceivedRequest[]
  /** Resolves when a streaming answer was stopped because the other side went away. */
  aborted: Promise<void>
  close(): Promise<void>
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export async function startOpenAiStandIn(behaviour: StandInBehaviour = { kind: 'stream', pieces: ['Hello'] }): Promise<OpenAiStandIn> {
  let markAborted: () => void = () => undefined
  const aborted = new Promise<void>((resolve) => (markAborted = resolve))
  const sockets = new Set<import('node:net').Socket>()
  const standIn: OpenAiStandIn = {
    baseUrl: '',
    behaviour,
    requests: [],
    aborted,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }

  const server = http.createServer(async (req, res) => {
    let raw = ''
    for await (const chunk of req) raw += chunk
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
      res.writeHead(404).end()
      return
    }
    standIn.requests.push({ authorization: req.headers.authorization, body: JSON.parse(raw) })
    const now = standIn.behaviour
    if (now.kind === 'hang') return
    if (now.kind === 'status') {
      // What OpenAI says to a bad key, quoting part of it: the platform must not pass this on.
      res.writeHead(now.status, { 'Content-Type': 'application/json' })
      res.end(JSON.stringify({ error: { message: `Incorrect API key provided: ${req.headers.authorization?.slice(7, 14)}***`, code: now.status } }))
      return
    }
    res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' })
    if (now.kind === 'garbage') {
      res.end('<html>this is not an event stream</html>\n')
      return
    }
    let gone = false
    res.on('close', () => {
      if (!res.writableFinished) {
        gone = true
        markAborted()
      }
    })
    res.write(': keep-alive\n\n')
    for (const [i, piece] of now.pieces.entries()) {
      if (i > 0 && now.pauseMs) await delay(now.pauseMs)
      if (gone) return
      const event = { id: 'chatcmpl-test', object: 'chat.completion.chunk', choices: [{ index: 0, delta: { content: piece }, finish_reason: null }] }
      res.write(`data: ${JSON.stringify(event)}\n\n`)
    }
    res.write(`data: ${JSON.stringify({ choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] })}\n\n`)
    res.end('data: [DONE]\n\n')
  })
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  standIn.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`
  return standIn
}
