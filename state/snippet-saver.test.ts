// @vitest-environment happy-dom
import { ContentConflictError } from '@/data/content/content-upsert-mutation'
import { ResponseError } from '@/data/fetchers'
import type { Content } from '@/lib/api-types'
import { readPendingSave } from '@/lib/sql-editor/pending-saves'
import { SnippetSaver, type SaveRequest, type SnippetSaverOptions } from './snippet-saver'
import { contentSnippet } from '@/tests/fixtures/content'

const ID = '11111111-1111-4111-8111-111111111111'

function content(over: Partial<Content> & { sql?: string } = {}): Content {
  return contentSnippet({ id: ID, name: 'One', ...over })
}

function saverWith(send: SnippetSaverOptions['send'], over: Partial<SnippetSaverOptions> = {}) {
  return new SnippetSaver({ ref: 'abc', id: ID, saved: { name: 'One', version: 1, visibility: 'user', sql: 'select 1' }, send, newId: () => ID, ...over })
}

beforeEach(() => vi.useFakeTimers())
afterEach(() => {
  vi.useRealTimers()
  localStorage.clear()
})

describe('SnippetSaver', () => {
  it('sends one save after a pause in typing, based on the version it was read at', async () => {
    const sent: SaveRequest[] = []
    const saver = saverWith(async (request) => {
      sent.push(request)
      return content({ version: 2, sql: request.sql })
    })
    saver.edit('select 1;')
    await vi.advanceTimersByTimeAsync(500)
    saver.edit('select 12;')
    await vi.advanceTimersByTimeAsync(999)
    expect(sent).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    expect(sent).toEqual([{ id: ID, name: 'One', sql: 'select 12;', visibility: 'user', base_version: 1 }])
    expect(saver.getSnapshot().status.kind).toBe('saved')
    expect(readPendingSave('abc', ID)).toBeNull()
    saver.edit('select 123;')
    await vi.advanceTimersByTimeAsync(1_000)
    expect(sent[1].base_version).toBe(2)
  })

  it('creates a new snippet with a fresh id and a default name', async () => {
    const created: string[] = []
    const sent: SaveRequest[] = []
    const saver = new SnippetSaver({
      ref: 'abc',
      id: null,
      saved: null,
      newId: () => ID,
      onCreated: (id) => created.push(id),
      send: async (request) => {
        sent.push(request)
        return content({ sql: request.sql, name: request.name })
      },
    })
    saver.edit('select now()\nfrom x')
    await saver.flush()
    expect(created).toEqual([ID])
    expect(sent).toEqual([{ id: ID, name: 'select now()', sql: 'select now()\nfrom x', visibility: 'user', base_version: null }])
  })

  it('keeps the text in localStorage while retrying with backoff, and clears it once saved', async () => {
    let fail = 2
    const sent: SaveRequest[] = []
    const saver = saverWith(async (request) => {
      sent.push(request)
      if (fail-- > 0) throw new ResponseError('Service unavailable', 503)
      return content({ version: 2, sql: request.sql })
    })
    saver.edit('select 2')
    await saver.flush()
    expect(saver.getSnapshot().status).toMatchObject({ kind: 'retrying', message: 'Service unavailable' })
    expect(readPendingSave('abc', ID)).toMatchObject({ sql: 'select 2', base_version: 1 })
    await vi.advanceTimersByTimeAsync(2_000)
    expect(sent).toHaveLength(2)
    await vi.advanceTimersByTimeAsync(3_999)
    expect(sent).toHaveLength(2)
    await vi.advanceTimersByTimeAsync(1)
    expect(sent).toHaveLength(3)
    expect(saver.getSnapshot().status.kind).toBe('saved')
    expect(readPendingSave('abc', ID)).toBeNull()
  })

  it('stops at a refusal (4xx) and keeps the text', async () => {
    const send = vi.fn(async () => {
      throw new ResponseError('Read-only members cannot change shared snippets', 403)
    })
    const saver = saverWith(send)
    saver.edit('select 2')
    await saver.flush()
    await vi.advanceTimersByTimeAsync(120_000)
    expect(send).toHaveBeenCalledTimes(1)
    expect(saver.getSnapshot().status).toMatchObject({ kind: 'failed' })
    expect(readPendingSave('abc', ID)?.sql).toBe('select 2')
    // Changed text may be what gets through: it is tried once more after the pause.
    saver.edit('select 3')
    expect(readPendingSave('abc', ID)?.sql).toBe('select 3')
    await vi.advanceTimersByTimeAsync(1_000)
    expect(send).toHaveBeenCalledTimes(2)
  })

  it('stops at a conflict; keep mine saves again on the current version', async () => {
    const current = content({ version: 5, sql: 'select theirs', updated_by: { id: 2, username: 'bob' } })
    const sent: SaveRequest[] = []
    const saver = saverWith(async (request) => {
      sent.push(request)
      if (request.base_version === 1) throw new ContentConflictError(new ResponseError('changed', 409), current)
      return content({ version: 6, sql: request.sql })
    })
    saver.edit('select mine')
    await saver.flush()
    expect(saver.getSnapshot().status).toMatchObject({ kind: 'conflict', current })
    saver.edit('select mine!')
    await vi.advanceTimersByTimeAsync(10_000)
    expect(sent).toHaveLength(1)
    expect(readPendingSave('abc', ID)?.sql).toBe('select mine!')
    await saver.keepMine()
    expect(sent[1]).toMatchObject({ sql: 'select mine!', base_version: 5 })
    expect(saver.getSnapshot().status.kind).toBe('saved')
    expect(readPendingSave('abc', ID)).toBeNull()
  })

  it('use theirs takes the other text and forgets the local copy', async () => {
    const current = content({ version: 5, sql: 'select theirs' })
    const saver = saverWith(async () => {
      throw new ContentConflictError(new ResponseError('changed', 409), current)
    })
    saver.edit('select mine')
    await saver.flush()
    expect(saver.useTheirs()).toBe('select theirs')
    expect(saver.hasUnsavedChanges()).toBe(false)
    expect(readPendingSave('abc', ID)).toBeNull()
  })

  it('restores a pending save: sends it based on the version it was written at', async () => {
    const sent: SaveRequest[] = []
    const saver = saverWith(async (request) => {
      sent.push(request)
      return content({ version: 2, sql: request.sql })
    })
    saver.restore({ sql: 'select restored', name: 'One', base_version: 1, updated_at: 1 })
    await vi.runOnlyPendingTimersAsync()
    expect(sent).toEqual([{ id: ID, name: 'One', sql: 'select restored', visibility: 'user', base_version: 1 }])
  })

  it('takes a newer version with the same text (renamed elsewhere) without a conflict', async () => {
    const sent: SaveRequest[] = []
    const saver = saverWith(async (request) => {
      sent.push(request)
      return content({ version: 4, sql: request.sql })
    })
    saver.adopt(content({ version: 3, name: 'Renamed', sql: 'select 1' }))
    saver.edit('select 2')
    await saver.flush()
    expect(sent[0]).toMatchObject({ name: 'Renamed', base_version: 3 })
  })

  it('sends again after a save in flight when the text changed meanwhile', async () => {
    const sent: SaveRequest[] = []
    let release!: () => void
    const saver = saverWith(async (request) => {
      sent.push(request)
      if (sent.length === 1) await new Promise<void>((resolve) => (release = resolve))
      return content({ version: sent.length + 1, sql: request.sql })
    })
    saver.edit('select 2')
    const first = saver.flush()
    saver.edit('select 3')
    const second = saver.flush()
    release()
    await first
    await second
    expect(sent.map((r) => [r.sql, r.base_version])).toEqual([
      ['select 2', 1],
      ['select 3', 2],
    ])
  })

  it('says offline when the browser is, and saves nothing for an empty new snippet', async () => {
    const send = vi.fn(async () => {
      throw new ResponseError('An error has occurred: Failed to fetch', 500)
    })
    const saver = saverWith(send, { isOnline: () => false })
    saver.edit('select 2')
    await saver.flush()
    expect(saver.getSnapshot().status).toMatchObject({ kind: 'retrying', offline: true })

    const fresh = new SnippetSaver({ ref: 'abc', id: null, saved: null, send })
    await fresh.flush()
    expect(send).toHaveBeenCalledTimes(1)
    expect(fresh.getSnapshot()).toEqual({ status: { kind: 'idle' }, id: null })
  })
})
