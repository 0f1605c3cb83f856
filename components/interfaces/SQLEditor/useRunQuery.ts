import { useCallback, useEffect, useRef, useState, type RefObject } from 'react'
import type * as Monaco from 'monaco-editor'
import { isResponseError } from '@/data/fetchers'
import { useQueryCancelMutation } from '@/data/sql/query-cancel-mutation'
import { useSqlRunMutation } from '@/data/sql/sql-run-mutation'
import { findDestructiveStatements, type DestructiveStatement } from '@/lib/sql/destructive'
import { applyRowLimit, type RowLimit } from '@/lib/sql/row-limit'
import { setSnippetCancelling, setSnippetError, setSnippetResults, showSnippetProgress, sqlEditorState, startSnippetRun } from '@/state/sql-editor'
import { progressThrottle } from './progress-throttle'
import { CANCELLED_MESSAGE } from './run-outcome'
import { toRunError, type RanSql } from './SQLEditor.utils'

/** Postgres' "canceling statement due to user request" (also a statement timeout's code). */
const QUERY_CANCELED = '57014'

export type PendingRun = RanSql & { statements: DestructiveStatement[] }

type Options = {
  storeKey: string
  projectRef: string
  editorRef: RefObject<Monaco.editor.IStandaloneCodeEditor | null>
  canRun: boolean
  /** Ask before destructive statements (not for a role whose runs cannot change data anyway). */
  confirmDestructive: boolean
  rowLimit: RowLimit
  /** Called as a run starts: the last run's error marker no longer applies. */
  onStart: () => void
}

/**
 * The editor's run: what to send (the selection or everything, plus the row limit), a question
 * first when it may destroy data, a query id per run so that it can be cancelled, and the outcome
 * written to `state/sql-editor` from the run's own promise (it lands even if the editor unmounted).
 */
export function useRunQuery({ storeKey, projectRef, editorRef, canRun, confirmDestructive, rowLimit, onStart }: Options) {
  const [pending, setPending] = useState<PendingRun | null>(null)
  const { mutateAsync: runSql } = useSqlRunMutation()
  const { mutate: cancelQuery } = useQueryCancelMutation()

  const execute = useCallback(
    async (ran: RanSql) => {
      if (sqlEditorState.snippets[storeKey]?.running) return
      // Only what is sent gets the limit; the editor's text stays as typed. The limit goes after
      // the last token, so an error position in the sent text is the same place in `ran.sql`.
      const limited = applyRowLimit(ran.sql, rowLimit)
      const rowLimitApplied = limited.applied ? rowLimit : null
      const queryId = crypto.randomUUID()
      onStart()
      startSnippetRun(storeKey, queryId)
      const started = performance.now()
      const progress = progressThrottle((run) => showSnippetProgress(storeKey, queryId, run, performance.now() - started, rowLimitApplied))
      try {
        const data = await runSql({ projectRef, sql: limited.sql, queryId, onProgress: progress.update })
        progress.stop()
        setSnippetResults(storeKey, data.results, data.durationMs, rowLimitApplied, data.notices)
      } catch (error) {
        progress.stop()
        const elapsed = performance.now() - started
        // 57014 is also a statement timeout: only a run the user asked to stop counts as cancelled.
        const askedToStop = sqlEditorState.snippets[storeKey]?.activeRun?.queryId === queryId && sqlEditorState.snippets[storeKey]?.activeRun?.cancelling
        if (askedToStop && isResponseError(error) && error.pg?.code === QUERY_CANCELED) {
          setSnippetError(storeKey, { message: CANCELLED_MESSAGE, code: QUERY_CANCELED }, elapsed, { rowLimitApplied, cancelled: true })
        } else {
          setSnippetError(storeKey, toRunError(error, ran), elapsed, { rowLimitApplied })
        }
      }
    },
    [storeKey, projectRef, rowLimit, runSql, onStart]
  )

  /**
   * A run asked for (Ctrl/Cmd+Enter) before the role's permissions arrived: it happens once they
   * do, instead of the key doing nothing. Every role may run SQL, so "not yet allowed" means
   * "not known yet" here.
   */
  const waitingForPermissions = useRef(false)

  /** Runs the selection (or everything), asking first when it may change or remove data. */
  const run = useCallback(() => {
    const editor = editorRef.current
    const model = editor?.getModel()
    if (!editor || !model || sqlEditorState.snippets[storeKey]?.running) return
    if (!canRun) {
      waitingForPermissions.current = true
      return
    }
    const document = model.getValue()
    const selection = editor.getSelection()
    const onlySelection = !!selection && !selection.isEmpty()
    const sql = onlySelection ? model.getValueInRange(selection) : document
    const ranFrom = onlySelection ? model.getOffsetAt(selection.getStartPosition()) : 0
    if (!sql.trim()) return
    const ran = { document, sql, ranFrom }
    const statements = confirmDestructive ? findDestructiveStatements(sql) : []
    if (statements.length > 0) setPending({ ...ran, statements })
    else void execute(ran)
  }, [editorRef, canRun, storeKey, confirmDestructive, execute])

  useEffect(() => {
    if (!canRun || !waitingForPermissions.current) return
    waitingForPermissions.current = false
    run()
  }, [canRun, run])

  const confirm = useCallback(() => {
    setPending(null)
    if (pending) void execute(pending)
  }, [pending, execute])

  const dismiss = useCallback(() => setPending(null), [])

  /** Asks the platform to stop the current run; its own request then answers 57014. */
  const cancel = useCallback(() => {
    const active = sqlEditorState.snippets[storeKey]?.activeRun
    if (!active || active.cancelling) return
    const { queryId } = active
    setSnippetCancelling(storeKey, queryId, true)
    cancelQuery(
      { projectRef, queryId },
      {
        // Not cancelled: the run answered first (its outcome is on its way). A failed cancel has
        // its toast from the mutation; either way the button offers Cancel again while it runs.
        onSuccess: ({ cancelled }) => !cancelled && setSnippetCancelling(storeKey, queryId, false),
        onError: () => setSnippetCancelling(storeKey, queryId, false),
      }
    )
  }, [storeKey, projectRef, cancelQuery])

  return { run, cancel, pending, confirm, dismiss }
}
