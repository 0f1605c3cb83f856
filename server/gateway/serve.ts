/**
 * A request to `{site}/p/{ref}/{service}/v1…`, start to end: the service it names, the CORS
 * preflight, the gate (asked by the service when it is ready for it, see types.ts), the request
 * log and the egress of what passed, and the gateway's answer for whatever the service throws.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Platform } from '../kernel/platform'
import { countEgress } from '../billing/egress'
import { logPublicRequest } from '../logs/public-request-logs'
import { errorAnswer } from '../http/error-answer'
import { corsHeaders, publicAnswer, publicPreflight } from './answers'
import { passGate } from './gate'
import { meterAnswer } from './meter'
import { serviceNamed } from './services'
import type { PassedGate, ServiceCall } from './types'
import type { ProjectTarget } from './target'

export async function serveProjectService(platform: Platform, req: IncomingMessage, res: ServerResponse, target: ProjectTarget, url: URL, requestId: string): Promise<void> {
  const service = serviceNamed(platform, target.service)
  if (!service) return publicAnswer(res, 404, { message: `A project has no service at /${target.service}/v1.` }, requestId)
  if (!service.ownsCors) {
    if (req.method === 'OPTIONS') return publicPreflight(res, req.headers['access-control-request-headers'])
    for (const [name, value] of Object.entries(corsHeaders(service.exposedHeaders))) res.setHeader(name, value)
  }
  res.setHeader('X-Request-Id', requestId)

  let asked: Promise<PassedGate | null> | null = null
  const logFields: Record<string, unknown> = {}
  const pass = async (): Promise<PassedGate | null> => {
    const gate = await passGate(platform, service, target.ref, target.rest, req, url)
    if (!gate.ok) {
      publicAnswer(res, gate.status, gate.body, requestId)
      return null
    }
    const { ok: _ok, ...passed } = gate
    let bytes = 0
    meterAnswer(res, (n) => {
      bytes += n
      countEgress(platform, passed.project.id, n)
    })
    logPublicRequest(platform, { req, res, ref: passed.project.ref, source: service.logSource, path: `/${service.name}/v1${target.rest}`, requestId, keyRole: passed.keyRole, bytes: () => bytes, fields: logFields })
    return passed
  }
  const call: ServiceCall = { req, res, url, ref: target.ref, rest: target.rest, requestId, pass: () => (asked ??= pass()), logFields }
  try {
    await service.serve(call)
  } catch (error) {
    const { status, body, headers } = errorAnswer(error, 'platform', requestId)
    return publicAnswer(res, status, { message: body.message }, requestId, headers)
  }
  // Nothing of a project is answered before its gate: a service that did is the platform's bug.
  if (!asked && res.headersSent) console.error(`[${requestId}] the ${service.name} service answered without passing the gate`)
}
