import Link from 'next/link'
import { useRouter } from 'next/router'
import { useEffect, useState, type ReactNode } from 'react'
import { FileQuestion } from 'lucide-react'
import { EmptyState, Spinner, buttonClasses } from '@/components/ui'
import { QueryErrorAlert } from '@/components/layouts/QueryErrorAlert'
import { useContentQuery } from '@/data/content/content-query'
import { useContentLastVisitedMutation } from '@/data/content/content-last-visited-mutation'
import { isResponseError } from '@/data/fetchers'
import { useProjectDetailQuery } from '@/data/projects/project-detail-query'
import { useCan } from '@/data/profile/use-can'
import { readPendingSave, type PendingSave } from '@/lib/sql-editor/pending-saves'
import { openLibrarySnippet } from '@/state/sql-editor'
import { SQLEditor } from './SQLEditor'

export type SnippetEditorProps = {
  projectRef: string
  /** The route's id: 'new' or a snippet's id. */
  id: string
  /** `?snippet=` on /sql/new: a library snippet to start from. */
  librarySnippet?: { id: number; sql: string }
  toolbarStart?: ReactNode
}

/**
 * One editor mount. `origin` is the id it was opened with (what it loads, what keys its text);
 * `ids` the route ids it answers to: a new snippet answers to 'new' and to the id its first save
 * made until the URL shows that id, and to that id only afterwards.
 */
type Session = { key: number; origin: string; ids: string[]; pick: number | undefined; pending: PendingSave | null }

let sessions = 0

/**
 * Opens the snippet of the route in the editor: loads it, says so when it does not exist, and
 * keeps one editor for a new snippet whose first save gives it an id (the URL changes, the editor
 * stays, with its cursor and text).
 */
export function SnippetEditor({ projectRef, id, librarySnippet, toolbarStart }: SnippetEditorProps) {
  const router = useRouter()
  const [session, setSession] = useState<Session | null>(null)
  if (session && session.ids.length > 1 && id === session.ids[session.ids.length - 1]) {
    // The URL caught up with the id the first save made: 'new' now means another new snippet.
    setSession({ ...session, ids: [id] })
  } else if (!session || !session.ids.includes(id) || (id === 'new' && session.pick !== librarySnippet?.id)) {
    // Another snippet, or another library pick: a new editor.
    if (id === 'new') openLibrarySnippet(`${projectRef}/new`, librarySnippet?.sql ?? '')
    setSession({
      key: ++sessions,
      origin: id,
      ids: [id],
      pick: librarySnippet?.id,
      pending: id === 'new' ? null : readPendingSave(projectRef, id),
    })
  }
  const first = session?.origin ?? id
  const isNew = first === 'new'
  const query = useContentQuery({ ref: projectRef, id: isNew ? undefined : first }, { retry: (count, error) => error.code >= 500 && count < 3 })
  const { data: project } = useProjectDetailQuery({ ref: projectRef })
  const canWrite = useCan('sql:write', project && { id: project.organization_id })

  const { mutate: recordVisit } = useContentLastVisitedMutation()
  const loadedId = query.data?.id
  useEffect(() => {
    if (loadedId) recordVisit({ ref: projectRef, id: loadedId })
  }, [projectRef, loadedId, recordVisit])

  if (!session) return null
  const onCreated = (newId: string) => {
    setSession((current) => current && { ...current, ids: [...current.ids.filter((known) => known !== newId), newId] })
    void router.replace(`/project/${projectRef}/sql/${newId}`, undefined, { shallow: true })
  }
  const editor = (snippet: typeof query.data | null) => (
    <SQLEditor
      key={session.key}
      projectRef={projectRef}
      id={first}
      snippet={snippet}
      restored={session.pending}
      initialSql={isNew ? undefined : ''}
      // Private snippets are the caller's own; a shared one needs sql:write to change.
      canSave={!snippet || snippet.visibility === 'user' || canWrite}
      onCreated={onCreated}
      toolbarStart={toolbarStart}
    />
  )

  if (isNew) return editor(null)
  if (query.data) return editor(query.data)
  if (query.error) {
    const notFound = isResponseError(query.error) && query.error.code === 404
    // Created in this browser but never acknowledged: the pending text is all there is; save it.
    if (notFound && session.pending?.base_version === null) return editor(null)
    if (notFound) return <SnippetNotFound projectRef={projectRef} start={toolbarStart} />
    return (
      <Centered start={toolbarStart}>
        <QueryErrorAlert title="Could not load the snippet" error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      </Centered>
    )
  }
  return (
    <Centered start={toolbarStart}>
      <div className="flex items-center justify-center gap-2 text-sm text-foreground-light" aria-busy="true">
        <Spinner label={null} />
        <span>Loading snippet…</span>
      </div>
    </Centered>
  )
}

function Centered({ start, children }: { start?: ReactNode; children: ReactNode }) {
  return (
    <div className="flex h-full min-h-0 flex-col bg-background">
      {start && <div className="flex h-10 shrink-0 items-center border-b border-border bg-surface px-3">{start}</div>}
      <div className="mx-auto mt-16 w-full max-w-lg px-4">{children}</div>
    </div>
  )
}

function SnippetNotFound({ projectRef, start }: { projectRef: string; start?: ReactNode }) {
  return (
    <Centered start={start}>
      <EmptyState
        icon={<FileQuestion size={32} />}
        title="This snippet does not exist or is not shared with you"
        description="It may have been deleted, or made private by its owner."
        action={
          <Link href={`/project/${projectRef}/sql/new`} className={buttonClasses({ type: 'primary', size: 'tiny' })}>
            New snippet
          </Link>
        }
      />
    </Centered>
  )
}
