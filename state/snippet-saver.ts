/**
 * Autosave of one snippet, without React: the editor reports every change with `edit`, and the
 * saver sends the text after a pause, keeps it in localStorage until the server acknowledges it,
 * retries failures with backoff, and stops at a conflict until the user decides. Subscribe to it
 * with `useSyncExternalStore(saver.subscribe, saver.getSnapshot)`.
 */
import type { Content, ContentVisibility } from '@/lib/api-types'
import { isContentConflict } from '@/data/content/content-upsert-mutation'
import { defaultSnippetName } from '@/lib/sql-editor/default-name'
import { clearPendingSave, writePendingSave, type PendingSave } from '@/lib/sql-editor/pending-saves'
import { AUTOSAVE_DEBOUNCE_MS, isRetryableSaveError, retryDelayMs } from './save-schedule'

export type SaveStatus =
  | { kind: 'idle' }
  | { kind: 'dirty' }
  | { kind: 'saving' }
  | { kind: 'saved'; at: number }
  | { kind: 'retrying'; retryAt: number; offline: boolean; message: string }
  | { kind: 'failed'; message: string }
  | { kind: 'conflict'; current: Content }

export type SaveRequest = {
  id: string
  name: string
  sql: string
  visibility: ContentVisibility
  /** Null creates the snippet. */
  base_version: number | null
}

export type SnippetSaverOptions = {
  ref: string
  /** Null for a snippet not created yet: the first save makes its id. */
  id: string | null
  /** The snippet as the server has it (null for a new one). */
  saved: Pick<Content, 'name' | 'version' | 'visibility'> & { sql: string } | null
  send: (request: SaveRequest) => Promise<Content>
  newId?: () => string
  storage?: Storage
  now?: () => number
  isOnline?: () => boolean
  /** The id was just made (before the create is acknowledged): the page can show it in the URL. */
  onCreated?: (id: string) => void
  onSaved?: (saved: Content, request: SaveRequest) => void
}

export class SnippetSaver {
  private options: SnippetSaverOptions
  private id: string | null
  private name: string | null
  private visibility: ContentVisibility
  private version: number | null
  private savedSql: string
  private sql: string
  private status: SaveStatus = { kind: 'idle' }
  private snapshot: { status: SaveStatus; id: string | null }
  private listeners = new Set<() => void>()
  private debounceTimer: ReturnType<typeof setTimeout> | undefined
  private retryTimer: ReturnType<typeof setTimeout> | undefined
  private attempt = 0
  private inFlight: Promise<void> | null = null
  private againAfterFlight = false
  private disposed = false

  constructor(options: SnippetSaverOptions) {
    this.options = options
    this.id = options.id
    this.name = options.saved?.name ?? null
    this.visibility = options.saved?.visibility ?? 'user'
    this.version = options.saved?.version ?? null
    this.savedSql = options.saved?.sql ?? ''
    this.sql = this.savedSql
    this.snapshot = { status: this.status, id: this.id }
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  getSnapshot = () => this.snapshot

  /** Replaces the callbacks (a component passes its latest ones after each render). */
  configure(handlers: Partial<Pick<SnippetSaverOptions, 'send' | 'onCreated' | 'onSaved'>>) {
    this.options = { ...this.options, ...handlers }
  }

  get currentId() {
    return this.id
  }

  hasUnsavedChanges() {
    return this.sql !== this.savedSql
  }

  /** Text the server has not acknowledged, from a previous visit: it wins over the server's, and is saved now. */
  restore(pending: PendingSave) {
    if (pending.sql === this.savedSql && this.version !== null) {
      if (this.id) clearPendingSave(this.options.ref, this.id) // the server has that text already
      return
    }
    this.sql = pending.sql
    this.name = pending.name || this.name
    this.version = pending.base_version
    void this.flush()
  }

  edit(sql: string) {
    this.sql = sql
    if (this.status.kind === 'conflict') {
      // No save until the user decides, but what they type is not lost meanwhile.
      this.persist()
      return
    }
    clearTimeout(this.debounceTimer)
    if (!this.hasUnsavedChanges() && !this.inFlight) {
      clearTimeout(this.retryTimer)
      if (this.id) clearPendingSave(this.options.ref, this.id)
      this.setStatus(this.version === null ? { kind: 'idle' } : { kind: 'saved', at: this.now() })
      return
    }
    if (this.status.kind === 'retrying') {
      // Keep saying why it is not saved; the retry sends the newest text.
      this.persist()
      return
    }
    // After a refusal (4xx), changed text is tried again after the pause: it may be what was refused.
    if (this.status.kind === 'failed') this.persist()
    if (this.status.kind !== 'saving' && this.status.kind !== 'failed') this.setStatus({ kind: 'dirty' })
    this.debounceTimer = setTimeout(() => void this.flush(), AUTOSAVE_DEBOUNCE_MS)
  }

  /** Writes the unsaved text to localStorage now (before the page unloads, say). */
  persist() {
    if (!this.hasUnsavedChanges() && this.status.kind !== 'conflict') return
    const id = this.ensureId()
    writePendingSave(this.options.ref, id, this.pendingEntry())
  }

  /** Saves now: after the pause, on blur, Ctrl/Cmd+S, "Save now", before leaving. */
  flush(): Promise<void> {
    clearTimeout(this.debounceTimer)
    clearTimeout(this.retryTimer)
    if (this.status.kind === 'conflict') return Promise.resolve()
    if (this.inFlight) {
      this.againAfterFlight = true
      return this.inFlight
    }
    if (!this.hasUnsavedChanges() && this.version !== null) {
      if (this.status.kind !== 'saved') this.setStatus({ kind: 'saved', at: this.now() })
      return Promise.resolve()
    }
    if (!this.hasUnsavedChanges() && this.version === null) return Promise.resolve()
    this.inFlight = this.sendOnce().finally(() => {
      this.inFlight = null
    })
    return this.inFlight.then(() => {
      if (this.againAfterFlight && !this.disposed) {
        this.againAfterFlight = false
        if (this.hasUnsavedChanges()) return this.flush()
      }
    })
  }

  /** Conflict: save the user's text over the other version, knowingly. */
  keepMine() {
    if (this.status.kind !== 'conflict') return Promise.resolve()
    const { current } = this.status
    this.adoptServer(current, { keepText: true })
    this.setStatus({ kind: 'dirty' })
    return this.flush()
  }

  /** Conflict: take the other version; answers its text for the editor. */
  useTheirs(): string | null {
    if (this.status.kind !== 'conflict') return null
    const { current } = this.status
    this.adoptServer(current, { keepText: false })
    if (this.id) clearPendingSave(this.options.ref, this.id)
    this.setStatus({ kind: 'saved', at: this.now() })
    return current.content.sql
  }

  /** Conflict resolved elsewhere (the text was saved as a new snippet): forget the local copy. */
  abandon() {
    if (this.id) clearPendingSave(this.options.ref, this.id)
    this.sql = this.savedSql
    this.dispose()
  }

  /**
   * The snippet changed on the server with the same text (renamed, shared, moved, from the
   * sidebar): carry on from its new version instead of taking our own change for a conflict.
   */
  adopt(content: Content) {
    if (content.id !== this.id || this.version === null || content.version <= this.version) return
    if (content.content.sql !== this.savedSql || this.status.kind === 'conflict') return
    this.version = content.version
    this.name = content.name
    this.visibility = content.visibility
  }

  dispose() {
    this.disposed = true
    clearTimeout(this.debounceTimer)
    clearTimeout(this.retryTimer)
    this.listeners.clear()
  }

  private adoptServer(current: Content, { keepText }: { keepText: boolean }) {
    this.version = current.version
    this.name = current.name
    this.visibility = current.visibility
    this.savedSql = current.content.sql
    if (!keepText) this.sql = current.content.sql
  }

  private ensureId(): string {
    if (this.id) return this.id
    this.id = (this.options.newId ?? (() => crypto.randomUUID()))()
    this.name ??= defaultSnippetName(this.sql)
    this.snapshot = { status: this.status, id: this.id }
    this.options.onCreated?.(this.id)
    this.emit()
    return this.id
  }

  private pendingEntry(): PendingSave {
    return { sql: this.sql, name: this.name ?? defaultSnippetName(this.sql), base_version: this.version, updated_at: this.now() }
  }

  private async sendOnce() {
    const id = this.ensureId()
    const entry = this.pendingEntry()
    writePendingSave(this.options.ref, id, entry)
    const request: SaveRequest = { id, name: entry.name, sql: entry.sql, visibility: this.visibility, base_version: this.version }
    this.setStatus({ kind: 'saving' })
    let saved: Content
    try {
      saved = await this.options.send(request)
    } catch (error) {
      if (this.disposed) return
      this.onFailure(error)
      return
    }
    this.attempt = 0
    this.version = saved.version
    this.name = saved.name
    this.visibility = saved.visibility
    this.savedSql = request.sql
    clearPendingSave(this.options.ref, id, entry.updated_at)
    this.options.onSaved?.(saved, request)
    if (this.disposed) return
    if (this.hasUnsavedChanges()) {
      this.setStatus({ kind: 'dirty' })
      if (!this.againAfterFlight) this.debounceTimer = setTimeout(() => void this.flush(), AUTOSAVE_DEBOUNCE_MS)
    } else {
      this.setStatus({ kind: 'saved', at: this.now() })
    }
  }

  private onFailure(error: unknown) {
    this.againAfterFlight = false
    if (isContentConflict(error)) {
      // The text stays in localStorage (written before sending) until the user decides.
      this.setStatus({ kind: 'conflict', current: error.current })
      return
    }
    const message = error instanceof Error ? error.message : String(error)
    if (!isRetryableSaveError(error)) {
      this.setStatus({ kind: 'failed', message })
      return
    }
    this.attempt += 1
    const delay = retryDelayMs(this.attempt)
    const offline = (this.options.isOnline ?? defaultIsOnline)() === false
    this.setStatus({ kind: 'retrying', retryAt: this.now() + delay, offline, message })
    this.retryTimer = setTimeout(() => void this.flush(), delay)
  }

  private now() {
    return (this.options.now ?? Date.now)()
  }

  private setStatus(status: SaveStatus) {
    if (this.disposed) return
    this.status = status
    this.snapshot = { status, id: this.id }
    this.emit()
  }

  private emit() {
    this.listeners.forEach((listener) => listener())
  }
}

const defaultIsOnline = () => (typeof navigator === 'undefined' ? true : navigator.onLine)
