/**
 * Requests one client address has under way at once to one project's service, in this app copy:
 * one caller never takes every connection or slot a service has for a project (the data API's
 * connections to PostgREST, storage's slow uploads). Counted in memory, per app copy.
 */
import type { ServerResponse } from 'node:http'

const underWay = new Map<string, number>()

/**
 * Counts a request of `client` to `service` of `ref`: false when that client already has `max`
 * under way (0: no limit); else true, and the count ends when the answer closes.
 */
export function admitClient(res: ServerResponse, service: string, ref: string, client: string, max: number): boolean {
  const key = `${service}\u0000${ref}\u0000${client}`
  const count = underWay.get(key) ?? 0
  if (max > 0 && count >= max) return false
  underWay.set(key, count + 1)
  let released = false
  const release = () => {
    if (released) return
    released = true
    const left = (underWay.get(key) ?? 1) - 1
    if (left > 0) underWay.set(key, left)
    else underWay.delete(key)
  }
  // A caller that left while the gate was asked closed the answer already: nothing will close it again.
  if (res.closed) release()
  else res.once('close', release)
  return true
}

/** How many requests of `client` to `service` of `ref` are under way now. */
export const underWayOf = (service: string, ref: string, client: string) => underWay.get(`${service}\u0000${ref}\u0000${client}`) ?? 0
