import { keepPreviousData } from '@tanstack/react-query'
import { FilePlus, FolderPlus, Search } from 'lucide-react'
import Link from 'next/link'
import { useRouter } from 'next/router'
import { useDeferredValue, useEffect, useRef, useState, type ReactNode } from 'react'
import { Button, EmptyState, ScrollArea, Skeleton, buttonClasses } from '@/components/ui'
import { QueryErrorAlert } from '@/components/layouts/QueryErrorAlert'
import { useContentFolderCreateMutation } from '@/data/content/content-folder-create-mutation'
import { useContentFoldersQuery } from '@/data/content/content-folders-query'
import { useContentListQuery } from '@/data/content/content-list-query'
import { useProfileQuery } from '@/data/profile/profile-query'
import { useProjectDetailQuery } from '@/data/projects/project-detail-query'
import { useCan } from '@/data/profile/use-can'
import type { ContentFolder, ContentListItem } from '@/lib/api-types'
import { FolderGroup } from './FolderGroup'
import { InlineNameInput } from './InlineNameInput'
import { SnippetRow } from './SnippetRow'
import { groupSnippets, snippetPermissions } from './SnippetSidebar.utils'
import { useSnippetActions } from './useSnippetActions'

export type SnippetSidebarProps = {
  projectRef: string
  /** The snippet open in the editor. */
  activeId: string | undefined
}

/**
 * The caller's snippets and those shared with the project: Favorites, Shared with the project,
 * My snippets (with folders). The search runs on the server; more pages load on scroll.
 */
export function SnippetSidebar({ projectRef, activeId }: SnippetSidebarProps) {
  const [searchText, setSearchText] = useState('')
  const search = useDebounced(searchText.trim(), 300)
  // The last answer stays on screen while a new search is on its way (no flash of skeletons).
  const list = useContentListQuery({ ref: projectRef, search: search || undefined }, { placeholderData: keepPreviousData })
  const folders = useContentFoldersQuery({ ref: projectRef })
  const createFolder = useContentFolderCreateMutation()
  const [creatingFolder, setCreatingFolder] = useState(false)
  const items = list.data?.pages.flatMap((page) => page.data) ?? []

  return (
    <div className="flex h-full min-h-0 flex-col bg-surface">
      <div className="flex items-center gap-1 border-b border-border px-3 py-2">
        <h2 className="flex-1 text-sm font-medium text-foreground">Snippets</h2>
        <Link
          href={`/project/${projectRef}/sql/new`}
          className={buttonClasses({ type: 'text', size: 'tiny', className: 'px-1.5' })}
          aria-label="New snippet"
          title="New snippet"
        >
          <FilePlus size={14} aria-hidden="true" />
        </Link>
        <Button type="text" size="tiny" className="px-1.5" aria-label="New folder" title="New folder" onClick={() => setCreatingFolder(true)}>
          <FolderPlus size={14} aria-hidden="true" />
        </Button>
      </div>
      <div className="border-b border-border p-2">
        <label className="relative block">
          <span className="sr-only">Search snippets</span>
          <Search size={14} aria-hidden="true" className="pointer-events-none absolute top-1/2 left-2 -translate-y-1/2 text-foreground-lighter" />
          <input
            type="search"
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
            placeholder="Search snippets"
            className="h-[30px] w-full rounded-md border border-border bg-background pr-2 pl-7 text-sm text-foreground outline-none placeholder:text-foreground-lighter focus-visible:ring-2 focus-visible:ring-brand"
          />
        </label>
      </div>
      <ScrollArea className="min-h-0 flex-1 overflow-x-hidden p-2" aria-busy={list.isPending || undefined}>
        {creatingFolder && (
          <div className="mb-2">
            <InlineNameInput
              label="Folder name"
              initial=""
              onCancel={() => setCreatingFolder(false)}
              onSubmit={(name) => {
                setCreatingFolder(false)
                createFolder.mutate({ ref: projectRef, name })
              }}
            />
          </div>
        )}
        {list.isPending ? (
          <ListSkeleton />
        ) : list.error && items.length === 0 ? (
          <QueryErrorAlert title="Could not load snippets" error={list.error} onRetry={() => void list.refetch()} retrying={list.isFetching} />
        ) : items.length === 0 && search ? (
          <p className="px-2 py-4 text-center text-sm text-foreground-light">No snippets match “{search}”</p>
        ) : items.length === 0 && (folders.data?.data.length ?? 0) === 0 ? (
          <EmptyState
            className="py-8"
            title="No saved snippets yet"
            description="What you write in the editor is saved here as you type."
            action={
              <Link href={`/project/${projectRef}/sql/new`} className={buttonClasses({ type: 'primary', size: 'tiny' })}>
                New snippet
              </Link>
            }
          />
        ) : (
          <SnippetSections
            projectRef={projectRef}
            activeId={activeId}
            items={items}
            folders={folders.data?.data ?? []}
            flat={Boolean(search)}
          />
        )}
        {list.hasNextPage && (
          <LoadMore loading={list.isFetchingNextPage} onLoad={() => void list.fetchNextPage()} />
        )}
      </ScrollArea>
    </div>
  )
}

function SnippetSections({
  projectRef,
  activeId,
  items,
  folders,
  flat,
}: {
  projectRef: string
  activeId: string | undefined
  items: ContentListItem[]
  folders: ContentFolder[]
  flat: boolean
}) {
  const router = useRouter()
  const { data: project } = useProjectDetailQuery({ ref: projectRef })
  const canWrite = useCan('sql:write', project && { id: project.organization_id })
  const { data: profile } = useProfileQuery()
  const actions = useSnippetActions(projectRef)
  const row = (item: ContentListItem) => (
    <SnippetRow
      key={item.id}
      projectRef={projectRef}
      item={item}
      active={item.id === activeId}
      folders={folders}
      can={snippetPermissions(item, { me: profile?.id, canWrite })}
      actions={actions}
      onDeletedActive={() => void router.push(`/project/${projectRef}/sql/new`)}
    />
  )
  if (flat) return <Section title="Results">{items.map(row)}</Section>
  const groups = groupSnippets(items, folders)
  return (
    <div className="flex flex-col gap-3">
      {groups.favorites.length > 0 && <Section title="Favorites">{groups.favorites.map(row)}</Section>}
      {groups.shared.length > 0 && <Section title="Shared with the project">{groups.shared.map(row)}</Section>}
      <Section title="My snippets">
        {groups.folders.map(({ folder, items: inFolder }) => (
          <FolderGroup key={folder.id} projectRef={projectRef} folder={folder} count={inFolder.length}>
            {inFolder.map(row)}
          </FolderGroup>
        ))}
        {groups.unfiled.map(row)}
        {groups.folders.length === 0 && groups.unfiled.length === 0 && (
          <li className="px-2 py-1 text-xs text-foreground-lighter">None of your own yet</li>
        )}
      </Section>
    </div>
  )
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `snippet-section-${title.toLowerCase().replace(/\W+/g, '-')}`
  return (
    <section aria-labelledby={id}>
      <h3 id={id} className="px-2 pb-1 text-xs font-medium tracking-wide text-foreground-lighter uppercase">
        {title}
      </h3>
      <ul className="flex flex-col gap-0.5" aria-labelledby={id}>
        {children}
      </ul>
    </section>
  )
}

function ListSkeleton() {
  return (
    <div className="flex flex-col gap-2 p-1" data-testid="snippet-list-loading">
      {Array.from({ length: 6 }, (_, i) => (
        <Skeleton key={i} className="h-6 w-full" />
      ))}
    </div>
  )
}

/** "Load more", pressed by hand or by scrolling it into view. */
function LoadMore({ loading, onLoad }: { loading: boolean; onLoad: () => void }) {
  const ref = useRef<HTMLButtonElement>(null)
  // While a page is on its way, being in view asks for nothing more.
  const load = useRef(onLoad)
  useEffect(() => {
    load.current = loading ? () => undefined : onLoad
  })
  useEffect(() => {
    const element = ref.current
    if (!element || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) load.current()
    })
    observer.observe(element)
    return () => observer.disconnect()
  }, [])
  return (
    <Button ref={ref} type="text" size="tiny" block className="mt-2" loading={loading} onClick={onLoad}>
      Load more
    </Button>
  )
}

/** `value` once it stopped changing for `ms`. */
function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms)
    return () => clearTimeout(timer)
  }, [value, ms])
  return useDeferredValue(settled)
}
