/**
 * A bucket's files (/project/{ref}/storage/buckets/{id}?path=folder): folders by the `path`
 * query (so Back and a shared link work), search within a folder, uploads by the button or a
 * drop with each file's progress, new folders, a file's panel, deleting picked files. Every member
 * browses and opens files (storage:read); changes need storage:write.
 */
import { useRef, useState, type DragEvent, type ReactNode } from 'react'
import Link from 'next/link'
import { useRouter } from 'next/router'
import { ChevronRight, FolderPlus, HardDrive, Search, Trash2, Upload } from 'lucide-react'
import { toast } from 'sonner'
import { Badge, Button, EmptyState, Input, Skeleton } from '@/components/ui'
import { QueryErrorAlert } from '@/components/layouts/QueryErrorAlert'
import { ConfirmModal } from '@/components/interfaces/SQLEditor/ConfirmModal'
import { rolesAllowed } from '@/components/interfaces/ApiSettings/api-settings.utils'
import { useDebounced } from '@/components/interfaces/ProjectAuth/useDebounced'
import { useCan } from '@/data/profile/use-can'
import { useProjectDetailQuery } from '@/data/projects/project-detail-query'
import { useQueryClient } from '@tanstack/react-query'
import { useStorageBucketsQuery } from '@/data/storage/buckets-query'
import { useStorageFolderQuery } from '@/data/storage/objects-query'
import { useStorageObjectsRemoveMutation } from '@/data/storage/objects-remove-mutation'
import { storageKeys } from '@/data/storage/keys'
import { STORAGE_LIST_LIMIT } from '@/lib/api-types/storage'
import { crumbsOf, joinPath, parentOf, prefixFromQuery, shownEntries } from '@/lib/storage/explorer'
import { startUploads } from '@/state/storage-uploads'
import { FilePanel } from './FilePanel'
import { FilesTable } from './FilesTable'
import { NewFolderModal } from './NewFolderModal'
import { UploadsPanel } from './UploadsPanel'

const SEARCH_DEBOUNCE_MS = 300

export function BucketExplorer({ projectRef, bucketId }: { projectRef: string; bucketId: string }) {
  const router = useRouter()
  const prefix = prefixFromQuery(router.query.path)
  const queryClient = useQueryClient()
  const { data: project } = useProjectDetailQuery({ ref: projectRef })
  const canWrite = useCan('storage:write', project && { id: project.organization_id })
  const buckets = useStorageBucketsQuery({ projectRef })
  const bucket = buckets.data?.find((b) => b.id === bucketId)
  const [searchText, setSearchText] = useState('')
  const search = useDebounced(searchText.trim(), SEARCH_DEBOUNCE_MS)
  const folder = useStorageFolderQuery({ projectRef, bucketId, prefix, search }, { enabled: bucket !== undefined })
  const [selection, setSelection] = useState<{
    prefix: string
    names: Set<string>
  }>({ prefix, names: new Set() })
  // Picks belong to the folder they were made in.
  const picked = selection.prefix === prefix ? selection.names : new Set<string>()
  const [openFile, setOpenFile] = useState<string | null>(null)
  const [making, setMaking] = useState(false)
  const [deleting, setDeleting] = useState(false)
  const [dropping, setDropping] = useState(false)
  const fileInput = useRef<HTMLInputElement>(null)
  const remove = useStorageObjectsRemoveMutation({
    onSuccess: ({ removed }) => {
      toast.success(`${removed} ${removed === 1 ? 'file' : 'files'} deleted`)
      setSelection({ prefix, names: new Set() })
      setDeleting(false)
    },
  })

  const writeReason = canWrite ? undefined : `Only ${rolesAllowed('storage:write')} members can upload, move or delete files.`
  const go = (next: string) => {
    setSearchText('')
    void router.push(
      {
        pathname: router.pathname,
        query: { ...router.query, path: next || undefined },
      },
      undefined,
      { shallow: true }
    )
  }
  const upload = (files: File[]) => {
    if (!canWrite || files.length === 0) return
    startUploads({
      projectRef,
      bucketId,
      prefix,
      files,
      onStored: () =>
        void queryClient.invalidateQueries({
          queryKey: storageKeys.objects(projectRef, bucketId),
        }),
    })
  }
  // In the header, and in an empty folder's invitation.
  const uploadButton = (
    <Button type="primary" icon={<Upload size={14} aria-hidden />} disabled={!canWrite} title={writeReason} onClick={() => fileInput.current?.click()}>
      Upload files
    </Button>
  )
  const onDrop = (e: DragEvent) => {
    e.preventDefault()
    setDropping(false)
    upload([...e.dataTransfer.files])
  }

  if (buckets.isPending)
    return (
      <Frame>
        <Skeleton className="h-40 w-full" />
      </Frame>
    )
  if (buckets.isError)
    return (
      <Frame>
        <QueryErrorAlert title="Could not load the buckets" error={buckets.error} onRetry={() => void buckets.refetch()} retrying={buckets.isFetching} />
      </Frame>
    )
  if (!bucket)
    return (
      <Frame>
        <EmptyState
          icon={<HardDrive size={28} />}
          title={`No bucket named “${bucketId}”`}
          description="It may have been deleted."
          action={<Link href={`/project/${projectRef}/storage/buckets`}>Back to the buckets</Link>}
        />
      </Frame>
    )

  const entries = folder.data ? shownEntries(folder.data) : []
  const openEntry = openFile ? (entries.find((e) => e.id !== null && joinPath(prefix, e.name) === openFile) ?? null) : null
  const toggle = (name: string) => {
    const names = new Set(picked)
    if (names.has(name)) names.delete(name)
    else names.add(name)
    setSelection({ prefix, names })
  }
  const files = entries.filter((e) => e.id !== null)
  const toggleAll = () =>
    setSelection({
      prefix,
      names: picked.size === files.length ? new Set() : new Set(files.map((e) => e.name)),
    })

  return (
    <Frame>
      <header className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex min-w-0 flex-col gap-1">
          <nav aria-label="Folder" className="flex min-w-0 flex-wrap items-center gap-1 text-sm text-foreground-light">
            <Link href={`/project/${projectRef}/storage/buckets`} className="hover:underline">
              Buckets
            </Link>
            <ChevronRight size={14} aria-hidden />
            <button type="button" className="font-medium text-foreground hover:underline" onClick={() => go('')}>
              {bucket.name}
            </button>
            {crumbsOf(prefix).map((crumb) => (
              <span key={crumb.prefix} className="flex min-w-0 items-center gap-1">
                <ChevronRight size={14} aria-hidden />
                <button
                  type="button"
                  className="truncate hover:underline"
                  onClick={() => go(crumb.prefix)}
                  aria-current={crumb.prefix === prefix ? 'page' : undefined}
                >
                  {crumb.name}
                </button>
              </span>
            ))}
          </nav>
          <h1 className="flex items-center gap-2 text-xl font-medium text-foreground">
            {prefix ? prefix.split('/').pop() : bucket.name}
            <Badge variant={bucket.public ? 'warning' : 'default'}>{bucket.public ? 'Public' : 'Private'}</Badge>
          </h1>
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          {picked.size > 0 && (
            <Button type="danger" icon={<Trash2 size={14} aria-hidden />} disabled={!canWrite} title={writeReason} onClick={() => setDeleting(true)}>
              Delete {picked.size} {picked.size === 1 ? 'file' : 'files'}
            </Button>
          )}
          <Button type="outline" icon={<FolderPlus size={14} aria-hidden />} disabled={!canWrite} title={writeReason} onClick={() => setMaking(true)}>
            New folder
          </Button>
          {uploadButton}
          <input
            ref={fileInput}
            type="file"
            multiple
            hidden
            aria-label="Files to upload"
            onChange={(e) => {
              upload([...(e.target.files ?? [])])
              e.target.value = ''
            }}
          />
        </div>
      </header>
      {writeReason && <p className="text-xs text-foreground-light">{writeReason}</p>}
      <Input
        type="search"
        aria-label="Search files"
        placeholder="Search this folder by name"
        value={searchText}
        onChange={(e) => setSearchText(e.target.value)}
        containerClassName="w-full sm:max-w-sm"
      />
      <div
        onDragOver={(e) => {
          if (!canWrite) return
          e.preventDefault()
          setDropping(true)
        }}
        onDragLeave={() => setDropping(false)}
        onDrop={onDrop}
        className={dropping ? 'rounded-lg ring-2 ring-brand ring-offset-2 ring-offset-background' : undefined}
      >
        {folder.isPending ? (
          <div className="flex flex-col gap-2" aria-label="Loading files">
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} className="h-10 w-full" />
            ))}
          </div>
        ) : folder.isError ? (
          <QueryErrorAlert title="Could not load the files" error={folder.error} onRetry={() => void folder.refetch()} retrying={folder.isFetching} />
        ) : entries.length === 0 && search ? (
          <EmptyState icon={<Search size={28} />} title={`Nothing here starts with “${search}”`} description="Search looks at the names in this folder." />
        ) : entries.length === 0 ? (
          <EmptyState
            icon={<Upload size={28} />}
            title={prefix ? 'This folder is empty' : 'This bucket is empty'}
            description={canWrite ? 'Drop files here, or upload them.' : 'Files appear here once an application or a member uploads them.'}
            action={canWrite && uploadButton}
          />
        ) : (
          <FilesTable
            entries={entries}
            selected={picked}
            selectable={canWrite}
            onToggle={toggle}
            onToggleAll={toggleAll}
            onOpenFolder={(name) => go(joinPath(prefix, name))}
            onOpenFile={(entry) => setOpenFile(joinPath(prefix, entry.name))}
          />
        )}
        {folder.data && folder.data.length >= STORAGE_LIST_LIMIT && (
          <p className="mt-2 text-xs text-foreground-light">The first {STORAGE_LIST_LIMIT} entries are shown: search to find the others.</p>
        )}
      </div>
      {prefix && (
        <button type="button" className="self-start text-sm text-foreground-light hover:underline" onClick={() => go(parentOf(prefix))}>
          ← Up to {parentOf(prefix) || bucket.name}
        </button>
      )}
      <FilePanel
        projectRef={projectRef}
        bucket={bucket}
        path={openFile}
        entry={openEntry}
        canWrite={canWrite}
        writeReason={writeReason}
        onClose={() => setOpenFile(null)}
        onMoved={(to) => {
          setOpenFile(null)
          if (parentOf(to) !== prefix) go(parentOf(to))
        }}
      />
      <NewFolderModal
        projectRef={projectRef}
        bucketId={bucketId}
        prefix={prefix}
        open={making}
        onClose={() => setMaking(false)}
        onMade={(made) => (
          void queryClient.invalidateQueries({
            queryKey: storageKeys.objects(projectRef, bucketId),
          }),
          go(made)
        )}
      />
      <ConfirmModal
        open={deleting}
        title={`Delete ${picked.size} ${picked.size === 1 ? 'file' : 'files'}?`}
        confirmLabel="Delete"
        loading={remove.isPending}
        onConfirm={() =>
          remove.mutate({
            projectRef,
            bucketId,
            paths: [...picked].map((name) => joinPath(prefix, name)),
          })
        }
        onClose={() => setDeleting(false)}
      >
        {[...picked].slice(0, 5).join(', ')}
        {picked.size > 5 ? ` and ${picked.size - 5} more` : ''} will be deleted for good; their URLs stop working.
      </ConfirmModal>
      <UploadsPanel />
    </Frame>
  )
}

/** The page's column, as FeaturePage's, for a header of its own (the folder's crumbs). */
function Frame({ children }: { children: ReactNode }) {
  return <div className="mx-auto flex w-full min-w-0 max-w-6xl flex-col gap-4 px-4 py-6 sm:px-6">{children}</div>
}
