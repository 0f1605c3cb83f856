import clsx from 'clsx'
import { FileCode, Star, Users } from 'lucide-react'
import Link from 'next/link'
import { useState } from 'react'
import type { ContentFolder, ContentListItem } from '@/lib/api-types'
import { ConfirmModal } from './ConfirmModal'
import { InlineNameInput } from './InlineNameInput'
import { SnippetActionsMenu, type MenuAction } from './SnippetActionsMenu'
import type { snippetPermissions } from './SnippetSidebar.utils'
import type { useSnippetActions } from './useSnippetActions'

export type SnippetRowProps = {
  projectRef: string
  item: ContentListItem
  active: boolean
  folders: readonly ContentFolder[]
  can: ReturnType<typeof snippetPermissions>
  actions: ReturnType<typeof useSnippetActions>
  /** The open snippet was deleted: the page moves on. */
  onDeletedActive: () => void
}

/** One snippet in the sidebar: its link, its star, and what the caller may do with it. */
export function SnippetRow({ projectRef, item, active, folders, can, actions, onDeletedActive }: SnippetRowProps) {
  const [renaming, setRenaming] = useState(false)
  const [confirmDelete, setConfirmDelete] = useState(false)
  const shared = item.visibility === 'project'

  const menu: MenuAction[] = []
  if (can.rename) menu.push({ label: 'Rename', onSelect: () => setRenaming(true) })
  if (can.share)
    menu.push({
      label: shared ? 'Make private' : 'Share with the project',
      onSelect: () => void actions.update(item.id, { visibility: shared ? 'user' : 'project' }),
    })
  if (can.delete) menu.push({ label: 'Delete', danger: true, onSelect: () => setConfirmDelete(true) })

  const onDelete = async () => {
    try {
      await actions.remove(item.id)
      setConfirmDelete(false)
      if (active) onDeletedActive()
    } catch {
      // The mutation already said why in a toast; the modal stays for another try.
    }
  }

  return (
    <li
      className={clsx(
        'group flex items-center gap-1 rounded-md pr-1 text-sm',
        active ? 'bg-surface-raised text-foreground' : 'text-foreground-light hover:bg-surface-raised/60'
      )}
      data-testid="snippet-row"
    >
      {renaming ? (
        <div className="flex min-w-0 flex-1 items-center gap-1.5 py-0.5 pl-2">
          <FileCode size={14} aria-hidden="true" className="shrink-0" />
          <InlineNameInput
            label={`New name for ${item.name}`}
            initial={item.name}
            onCancel={() => setRenaming(false)}
            onSubmit={(name) => {
              setRenaming(false)
              void actions.update(item.id, { name })
            }}
          />
        </div>
      ) : (
        <Link
          href={`/project/${projectRef}/sql/${item.id}`}
          aria-current={active ? 'page' : undefined}
          title={item.preview || item.name}
          className="flex min-w-0 flex-1 items-center gap-1.5 rounded-md py-1.5 pl-2 outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-brand"
        >
          <FileCode size={14} aria-hidden="true" className="shrink-0" />
          <span className="truncate">{item.name}</span>
          {shared && <Users size={12} aria-label="Shared with the project" className="shrink-0 text-foreground-lighter" />}
        </Link>
      )}
      <button
        type="button"
        aria-pressed={item.favorite}
        aria-label={item.favorite ? `Remove ${item.name} from favorites` : `Add ${item.name} to favorites`}
        onClick={() => actions.setFavorite(item.id, !item.favorite)}
        className={clsx(
          'shrink-0 rounded p-1 hover:bg-surface-raised focus-visible:ring-2 focus-visible:ring-brand',
          item.favorite ? 'text-warning' : 'text-foreground-lighter opacity-100 sm:opacity-0 sm:group-focus-within:opacity-100 sm:group-hover:opacity-100'
        )}
      >
        <Star size={14} aria-hidden="true" fill={item.favorite ? 'currentColor' : 'none'} />
      </button>
      <SnippetActionsMenu label={`Actions for ${item.name}`} actions={menu}>
        {can.move
          ? (
              <label className="mt-1 flex flex-col gap-1 border-t border-border px-2 pt-2 pb-1 text-xs text-foreground-light">
                Move to folder
                <select
                  value={item.folder_id ?? ''}
                  onChange={(event) => void actions.update(item.id, { folder_id: event.target.value || null })}
                  className="h-7 rounded border border-border bg-background px-1 text-sm text-foreground"
                >
                  <option value="">No folder</option>
                  {folders.map((folder) => (
                    <option key={folder.id} value={folder.id}>
                      {folder.name}
                    </option>
                  ))}
                </select>
              </label>
            )
          : undefined}
      </SnippetActionsMenu>
      <ConfirmModal
        open={confirmDelete}
        title="Delete this snippet?"
        confirmLabel="Delete snippet"
        loading={actions.isRemoving}
        onConfirm={() => void onDelete()}
        onClose={() => setConfirmDelete(false)}
      >
        <p>
          <strong className="font-medium text-foreground">{item.name}</strong> will be deleted
          {shared ? ' for every member of the project' : ''}. This cannot be undone.
        </p>
      </ConfirmModal>
    </li>
  )
}
