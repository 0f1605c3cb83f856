/**
 * The Realtime inspector's stream of messages: what a joined channel received (broadcasts,
 * presence syncs, database changes, system messages), newest first, at most `MAX_MESSAGES`. While
 * paused, what arrives is held and counted, then shown in order when the stream resumes.
 */
export type InspectorMessageKind = 'broadcast' | 'presence' | 'postgres_changes' | 'system'

export type InspectorMessage = {
  id: number
  kind: InspectorMessageKind
  /** When it arrived (ms since the epoch). */
  at: number
  /** One line: the event, the change's type and table, the presence count. */
  summary: string
  payload: unknown
}

export type InspectorLog = { shown: InspectorMessage[]; held: InspectorMessage[]; paused: boolean; nextId: number }

export const MAX_MESSAGES = 500

export const emptyLog = (): InspectorLog => ({ shown: [], held: [], paused: false, nextId: 1 })

const record = (value: unknown): Record<string, unknown> => (value && typeof value === 'object' ? (value as Record<string, unknown>) : {})

/** The one line a message is listed with. */
export function summaryOf(kind: InspectorMessageKind, payload: unknown): string {
  const p = record(payload)
  switch (kind) {
    case 'broadcast':
      return `Broadcast “${String(p.event ?? '')}”`
    case 'presence': {
      const count = Object.keys(record(p.state)).length
      return `Presence: ${count} ${count === 1 ? 'key' : 'keys'} online`
    }
    case 'postgres_changes':
      return `${String(p.eventType ?? '')} on ${String(p.schema ?? '')}.${String(p.table ?? '')}`
    case 'system':
      return `${p.status === 'error' ? 'Error' : 'System'}: ${String(p.message ?? '')}`
  }
}

export function received(log: InspectorLog, kind: InspectorMessageKind, payload: unknown, at = Date.now()): InspectorLog {
  const message: InspectorMessage = { id: log.nextId, kind, at, summary: summaryOf(kind, payload), payload }
  if (log.paused) return { ...log, held: [...log.held, message].slice(-MAX_MESSAGES), nextId: log.nextId + 1 }
  return { ...log, shown: [message, ...log.shown].slice(0, MAX_MESSAGES), nextId: log.nextId + 1 }
}

export const paused = (log: InspectorLog): InspectorLog => ({ ...log, paused: true })

/** What was held comes in, oldest at the bottom, as if it had been shown as it came. */
export function resumed(log: InspectorLog): InspectorLog {
  return { ...log, paused: false, held: [], shown: [...[...log.held].reverse(), ...log.shown].slice(0, MAX_MESSAGES) }
}

export const cleared = (log: InspectorLog): InspectorLog => ({ ...log, shown: [], held: [] })

/** A broadcast's payload as typed in the inspector: JSON, or the sentence that says why not. */
export function parsePayload(text: string): { ok: true; value: unknown } | { ok: false; error: string } {
  if (text.trim() === '') return { ok: true, value: {} }
  try {
    return { ok: true, value: JSON.parse(text) }
  } catch {
    return { ok: false, error: 'The payload is not valid JSON, e.g. {"message": "hello"}.' }
  }
}
