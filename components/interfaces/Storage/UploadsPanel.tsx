import { useSnapshot } from 'valtio'
import { CheckCircle2, RotateCcw, X, XCircle } from 'lucide-react'
import { Button } from '@/components/ui'
import { cancelUpload, clearFinishedUploads, retryUpload, storageUploadsState } from '@/state/storage-uploads'
import { formatBytes } from '@/lib/format-bytes'

/**
 * The uploads under way and done, in a corner of the screen: each file's progress, a failure and
 * its reason with Retry, Cancel while it goes. Stays while the member moves between folders.
 */
export function UploadsPanel() {
  const { uploads } = useSnapshot(storageUploadsState)
  if (uploads.length === 0) return null
  const going = uploads.filter((u) => u.status === 'uploading' || u.status === 'waiting').length
  const failed = uploads.filter((u) => u.status === 'failed').length
  const title = going
    ? `Uploading ${going} ${going === 1 ? 'file' : 'files'}`
    : failed
      ? `${failed} ${failed === 1 ? 'upload' : 'uploads'} failed`
      : 'Uploads done'
  return (
    <section
      aria-label="Uploads"
      className="fixed right-2 bottom-2 left-2 z-40 flex max-h-[50vh] flex-col rounded-lg border border-border bg-surface shadow-lg sm:left-auto sm:w-96"
    >
      <header className="flex items-center justify-between gap-2 border-b border-border px-3 py-2">
        <h2 className="text-sm font-medium text-foreground" aria-live="polite">
          {title}
        </h2>
        {going === 0 && (
          <Button type="text" size="tiny" icon={<X size={14} aria-hidden />} onClick={clearFinishedUploads}>
            Close
          </Button>
        )}
      </header>
      <ul className="divide-y divide-border overflow-y-auto">
        {uploads.map((upload) => {
          const percent = upload.total ? Math.round((upload.loaded / upload.total) * 100) : upload.status === 'done' ? 100 : 0
          return (
            <li key={upload.id} className="flex flex-col gap-1 px-3 py-2 text-xs">
              <div className="flex items-center justify-between gap-2">
                <span className="min-w-0 truncate text-foreground" title={`${upload.bucketId}/${upload.path}`}>
                  {upload.path}
                </span>
                <span className="flex shrink-0 items-center gap-1">
                  {upload.status === 'done' && <CheckCircle2 size={14} className="text-brand" aria-label="Uploaded" />}
                  {(upload.status === 'failed' || upload.status === 'cancelled') && (
                    <>
                      {upload.status === 'failed' && <XCircle size={14} className="text-destructive" aria-hidden />}
                      <Button
                        type="text"
                        size="tiny"
                        icon={<RotateCcw size={12} aria-hidden />}
                        aria-label={`Retry ${upload.path}`}
                        onClick={() => retryUpload(upload.id)}
                      >
                        Retry
                      </Button>
                    </>
                  )}
                  {(upload.status === 'uploading' || upload.status === 'waiting') && (
                    <Button type="text" size="tiny" aria-label={`Cancel ${upload.path}`} onClick={() => cancelUpload(upload.id)}>
                      Cancel
                    </Button>
                  )}
                </span>
              </div>
              {(upload.status === 'uploading' || upload.status === 'waiting') && (
                <div className="flex items-center gap-2">
                  <progress className="h-1.5 flex-1 accent-brand" max={100} value={percent} aria-label={`${upload.path}: ${percent}%`} />
                  <span className="shrink-0 text-foreground-light tabular-nums">
                    {upload.status === 'waiting' ? 'Waiting' : `${formatBytes(upload.loaded)} of ${formatBytes(upload.total)}`}
                  </span>
                </div>
              )}
              {upload.status === 'failed' && <p className="text-destructive">{upload.error}</p>}
              {upload.status === 'cancelled' && <p className="text-foreground-light">Cancelled</p>}
            </li>
          )
        })}
      </ul>
    </section>
  )
}
