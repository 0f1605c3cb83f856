// @vitest-environment happy-dom
import { clearLocalStorageExceptKeepList, LOCAL_STORAGE_KEYS } from '@/lib/local-storage'
import { clearPendingSave, listPendingSaves, readPendingSave, writePendingSave, type PendingSave } from './pending-saves'

const entry = (over: Partial<PendingSave> = {}): PendingSave => ({ sql: 'select 1', name: 'One', base_version: 3, updated_at: 100, ...over })

afterEach(() => localStorage.clear())

describe('pending saves', () => {
  it('keeps an entry per project and snippet', () => {
    writePendingSave('abc', 'id-1', entry())
    writePendingSave('xyz', 'id-1', entry({ sql: 'select 2' }))
    expect(readPendingSave('abc', 'id-1')).toEqual(entry())
    expect(readPendingSave('xyz', 'id-1')?.sql).toBe('select 2')
    expect(readPendingSave('abc', 'id-2')).toBeNull()
  })

  it('keeps a new snippet (no base version yet)', () => {
    writePendingSave('abc', 'id-1', entry({ base_version: null }))
    expect(readPendingSave('abc', 'id-1')?.base_version).toBeNull()
  })

  it('clears on acknowledgement, but not a newer entry written meanwhile', () => {
    writePendingSave('abc', 'id-1', entry({ updated_at: 200 }))
    clearPendingSave('abc', 'id-1', 100)
    expect(readPendingSave('abc', 'id-1')?.updated_at).toBe(200)
    clearPendingSave('abc', 'id-1', 200)
    expect(readPendingSave('abc', 'id-1')).toBeNull()
  })

  it('clears unconditionally without an acknowledged time', () => {
    writePendingSave('abc', 'id-1', entry())
    clearPendingSave('abc', 'id-1')
    expect(readPendingSave('abc', 'id-1')).toBeNull()
  })

  it('ignores an entry that is not one (edited by hand, another version of the app)', () => {
    localStorage.setItem(LOCAL_STORAGE_KEYS.PENDING_SQL_SAVE('abc', 'id-1'), '{"sql": 1}')
    localStorage.setItem(LOCAL_STORAGE_KEYS.PENDING_SQL_SAVE('abc', 'id-2'), 'not json')
    expect(readPendingSave('abc', 'id-1')).toBeNull()
    expect(readPendingSave('abc', 'id-2')).toBeNull()
  })

  it('answers false when the browser refuses to store', () => {
    const full = { setItem: () => { throw new Error('QuotaExceededError') } } as unknown as Storage
    expect(writePendingSave('abc', 'id-1', entry(), full)).toBe(false)
  })

  it('lists every pending save, and sign-out clears them', () => {
    writePendingSave('abc', 'id-1', entry())
    writePendingSave('xyz', 'id-2', entry({ sql: 'select 2' }))
    localStorage.setItem('unrelated', 'x')
    expect(listPendingSaves().map(({ ref, id }) => `${ref}/${id}`).sort()).toEqual(['abc/id-1', 'xyz/id-2'])
    clearLocalStorageExceptKeepList()
    expect(listPendingSaves()).toEqual([])
  })
})
