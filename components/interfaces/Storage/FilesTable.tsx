import { File, Folder } from 'lucide-react'
import type { StorageEntry } from '@/lib/api-types/storage'
import { formatBytes } from '@/lib/format-bytes'
import { fileFacts, isFolder } from '@/lib/storage/explorer'

const WIDE_ONLY = 'hidden sm:table-cell'
const formatTime = (value: string | null) =>
  value
    ? new Date(value).toLocaleString(undefined, {
        dateStyle: 'medium',
        timeStyle: 'short',
      })
    : '—'

/**
 * One folder's entries: folders open, files open their panel; files can be picked for deleting
 * together. On a phone the name and size stay (the panel shows the rest).
 */
export function FilesTable(props: {
  entries: readonly StorageEntry[]
  selected: ReadonlySet<string>
  selectable: boolean
  onToggle: (name: string) => void
  onToggleAll: () => void
  onOpenFolder: (name: string) => void
  onOpenFile: (entry: StorageEntry) => void
}) {
  const { entries, selected, selectable, onToggle, onToggleAll, onOpenFolder, onOpenFile } = props
  const files = entries.filter((entry) => !isFolder(entry))
  const allPicked = files.length > 0 && files.every((entry) => selected.has(entry.name))
  return (
    <div className="relative overflow-x-auto rounded-lg border border-border">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Folders and files, by name</caption>
        <thead className="bg-surface-raised text-xs text-foreground-light">
          <tr>
            <th scope="col" className="w-8 px-3 py-2">
              <input type="checkbox" aria-label="Pick every file" checked={allPicked} disabled={!selectable || files.length === 0} onChange={onToggleAll} />
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Name
            </th>
            <th scope="col" className="px-3 py-2 font-medium whitespace-nowrap">
              Size
            </th>
            <th scope="col" className={`px-3 py-2 font-medium ${WIDE_ONLY}`}>
              Type
            </th>
            <th scope="col" className={`px-3 py-2 font-medium whitespace-nowrap ${WIDE_ONLY}`}>
              Changed
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {entries.map((entry) => {
            const folder = isFolder(entry)
            const facts = fileFacts(entry)
            return (
              <tr key={`${folder ? 'd' : 'f'}:${entry.name}`} className="hover:bg-surface-raised/50">
                <td className="px-3 py-2">
                  {!folder && (
                    <input
                      type="checkbox"
                      aria-label={`Pick ${entry.name}`}
                      checked={selected.has(entry.name)}
                      disabled={!selectable}
                      onChange={() => onToggle(entry.name)}
                    />
                  )}
                </td>
                <td className="max-w-[14rem] px-3 py-2 sm:max-w-[28rem]">
                  <button
                    type="button"
                    className="flex max-w-full items-center gap-2 text-left text-foreground hover:underline focus-visible:underline focus-visible:outline-none"
                    onClick={() => (folder ? onOpenFolder(entry.name) : onOpenFile(entry))}
                    aria-label={folder ? `Open folder ${entry.name}` : entry.name}
                  >
                    {folder ? (
                      <Folder size={14} className="shrink-0 text-foreground-light" aria-hidden />
                    ) : (
                      <File size={14} className="shrink-0 text-foreground-light" aria-hidden />
                    )}
                    <span className="truncate">{entry.name}</span>
                  </button>
                </td>
                <td className="px-3 py-2 whitespace-nowrap text-foreground-light">{folder ? '—' : facts.size !== null ? formatBytes(facts.size) : '—'}</td>
                <td className={`max-w-[12rem] truncate px-3 py-2 text-foreground-light ${WIDE_ONLY}`}>{folder ? 'Folder' : (facts.mimetype ?? '—')}</td>
                <td className={`px-3 py-2 whitespace-nowrap text-foreground-light ${WIDE_ONLY}`}>{folder ? '—' : formatTime(entry.updated_at)}</td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}
