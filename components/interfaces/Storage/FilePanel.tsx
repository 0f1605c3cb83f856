import { useState } from 'react'
import { Download, Link2, Pencil, Trash2 } from 'lucide-react'
import { toast } from 'sonner'
import { Alert, Button, Input, Select, SidePanel, Skeleton } from '@/components/ui'
import { ConfirmModal } from '@/components/interfaces/SQLEditor/ConfirmModal'
import { useStorageObjectPreviewQuery } from '@/data/storage/object-preview-query'
import { useStorageObjectMoveMutation } from '@/data/storage/object-move-mutation'
import { useStorageObjectsRemoveMutation } from '@/data/storage/objects-remove-mutation'
import { signStorageObject } from '@/data/storage/object-sign'
import type { StorageBucket, StorageEntry } from '@/lib/api-types/storage'
import { formatBytes } from '@/lib/format-bytes'
import { fileFacts, isImage } from '@/lib/storage/explorer'

const LINK_LIFETIMES = [
  { value: String(3600), label: '1 hour' },
  { value: String(24 * 3600), label: '1 day' },
  { value: String(7 * 24 * 3600), label: '1 week' },
  { value: String(30 * 24 * 3600), label: '30 days' },
  { value: String(365 * 24 * 3600), label: '1 year' },
]

const formatTime = (value: string | null) =>
  value
    ? new Date(value).toLocaleString(undefined, {
        dateStyle: 'medium',
        timeStyle: 'short',
      })
    : '—'

/** A public bucket's URL for a file, on the same origin as a signed one. */
function publicUrlOf(signedUrl: string, projectRef: string, bucketId: string, path: string): string {
  const encoded = [bucketId, ...path.split('/')].map(encodeURIComponent).join('/')
  return `${new URL(signedUrl).origin}/p/${projectRef}/storage/v1/object/public/${encoded}`
}

async function copy(text: string, what: string) {
  try {
    await navigator.clipboard.writeText(text)
    toast.success(`${what} copied`)
  } catch {
    toast.error(`Could not copy the ${what.toLowerCase()}: the browser refused the clipboard.`)
  }
}

/**
 * One file: its facts, a preview of an image, a download, a URL to share (public, or signed for a
 * chosen time), renaming or moving it within the bucket, deleting it.
 */
export function FilePanel(props: {
  projectRef: string
  bucket: StorageBucket
  /** The file's full name. */
  path: string | null
  entry: StorageEntry | null
  canWrite: boolean
  writeReason?: string
  onClose: () => void
  onMoved: (to: string) => void
}) {
  const { projectRef, bucket, path, entry, canWrite, writeReason, onClose, onMoved } = props
  const facts = entry ? fileFacts(entry) : { size: null, mimetype: null }
  const preview = useStorageObjectPreviewQuery({
    projectRef,
    bucketId: bucket.id,
    path: path ?? undefined,
  })
  const [lifetime, setLifetime] = useState(LINK_LIFETIMES[2].value)
  const [signing, setSigning] = useState<'link' | 'download' | null>(null)
  const [renaming, setRenaming] = useState<string | null>(null)
  const [deleting, setDeleting] = useState(false)
  const move = useStorageObjectMoveMutation({
    onSuccess: (_, { to }) => {
      toast.success(`Moved to ${to}`)
      setRenaming(null)
      onMoved(to)
    },
    onError: () => undefined,
  })
  const remove = useStorageObjectsRemoveMutation({
    onSuccess: () => {
      toast.success(`${path} deleted`)
      setDeleting(false)
      onClose()
    },
  })

  const sign = async (kind: 'link' | 'download') => {
    if (!path) return
    setSigning(kind)
    try {
      const signed = await signStorageObject({
        projectRef,
        bucketId: bucket.id,
        path,
        expiresIn: kind === 'link' ? Number(lifetime) : 60,
        download: kind === 'download',
      })
      if (kind === 'download') window.location.assign(signed.url)
      else await copy(signed.url, 'Signed URL')
    } catch (error) {
      toast.error(`Could not sign a URL: ${(error as Error).message}`)
    } finally {
      setSigning(null)
    }
  }

  const name = path?.split('/').pop() ?? ''
  return (
    <>
      <SidePanel open={path !== null} onClose={onClose} title={name} description={path ?? undefined} size="medium">
        <div className="flex flex-col gap-5 text-sm">
          {isImage(facts.mimetype) &&
            (preview.isPending ? (
              <Skeleton className="h-48 w-full" />
            ) : preview.isError ? (
              <Alert variant="warning" title="No preview">
                {preview.error.message}
              </Alert>
            ) : (
              // A signed URL of the project's own storage: next/image would fetch it again on the server.
              // eslint-disable-next-line @next/next/no-img-element
              <img
                src={preview.data.url}
                alt={`Preview of ${name}`}
                className="max-h-72 w-full rounded-md border border-border bg-surface-raised object-contain"
              />
            ))}
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
            <dt className="text-foreground-light">Size</dt>
            <dd>{facts.size !== null ? formatBytes(facts.size) : '—'}</dd>
            <dt className="text-foreground-light">Type</dt>
            <dd className="break-all">{facts.mimetype ?? '—'}</dd>
            <dt className="text-foreground-light">Added</dt>
            <dd>{formatTime(entry?.created_at ?? null)}</dd>
            <dt className="text-foreground-light">Changed</dt>
            <dd>{formatTime(entry?.updated_at ?? null)}</dd>
          </dl>

          <section className="flex flex-col gap-2" aria-label="Open and share">
            <div className="flex flex-wrap gap-2">
              <Button type="outline" icon={<Download size={14} aria-hidden />} loading={signing === 'download'} onClick={() => void sign('download')}>
                Download
              </Button>
              {bucket.public && preview.data && (
                <Button
                  type="outline"
                  icon={<Link2 size={14} aria-hidden />}
                  onClick={() => void copy(publicUrlOf(preview.data.url, projectRef, bucket.id, path!), 'Public URL')}
                >
                  Copy public URL
                </Button>
              )}
            </div>
            <div className="flex flex-wrap items-end gap-2">
              <Select
                label="Signed URL works for"
                value={lifetime}
                onChange={(e) => setLifetime(e.target.value)}
                options={LINK_LIFETIMES}
                containerClassName="w-44"
              />
              <Button type="outline" icon={<Link2 size={14} aria-hidden />} loading={signing === 'link'} onClick={() => void sign('link')}>
                Copy signed URL
              </Button>
            </div>
            <p className="text-xs text-foreground-light">A signed URL opens the file without a key until it expires, whoever has it.</p>
          </section>

          <section className="flex flex-col gap-2" aria-label="Change">
            {renaming === null ? (
              <div className="flex flex-wrap gap-2">
                <Button type="outline" icon={<Pencil size={14} aria-hidden />} disabled={!canWrite} title={writeReason} onClick={() => setRenaming(path)}>
                  Rename or move
                </Button>
                <Button type="danger" icon={<Trash2 size={14} aria-hidden />} disabled={!canWrite} title={writeReason} onClick={() => setDeleting(true)}>
                  Delete file
                </Button>
              </div>
            ) : (
              <form
                className="flex flex-col gap-2"
                aria-label="Rename or move"
                onSubmit={(e) => {
                  e.preventDefault()
                  if (path && renaming.trim() && renaming !== path)
                    move.mutate({
                      projectRef,
                      bucketId: bucket.id,
                      from: path,
                      to: renaming.trim(),
                    })
                }}
              >
                <Input
                  label="New name"
                  description="The full name in the bucket: folders are the parts before each “/”."
                  value={renaming}
                  onChange={(e) => setRenaming(e.target.value)}
                  autoFocus
                />
                {move.isError && (
                  <Alert variant="danger" title="Could not move the file">
                    {move.error.message}
                  </Alert>
                )}
                <div className="flex gap-2">
                  <Button type="primary" htmlType="submit" loading={move.isPending}>
                    Move
                  </Button>
                  <Button type="default" onClick={() => (setRenaming(null), move.reset())}>
                    Cancel
                  </Button>
                </div>
              </form>
            )}
          </section>
        </div>
      </SidePanel>
      <ConfirmModal
        open={deleting}
        title={`Delete ${name}?`}
        confirmLabel="Delete file"
        loading={remove.isPending}
        onConfirm={() => path && remove.mutate({ projectRef, bucketId: bucket.id, paths: [path] })}
        onClose={() => setDeleting(false)}
      >
        The file is deleted for good; its URLs stop working.
      </ConfirmModal>
    </>
  )
}
