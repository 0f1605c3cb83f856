import { ChevronDown, ChevronRight, Folder } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import { useContentFolderDeleteMutation } from '@/data/content/content-folder-delete-mutation'
import { useContentFolderUpdateMutation } from '@/data/content/content-folder-update-mutation'
import type { ContentFolder } from '@/lib/api-types'
import { ConfirmModal } from './ConfirmModal'
import { InlineNameInput } from './InlineNameInput'
import { SnippetActionsMenu } from './SnippetActionsMenu'

export type FolderGroupProps = {
  projectRef: string
  folder: ContentFolder
  count: number
  children: ReactNode
}

/** One of the caller's folders: open or closed, renamed in place, deleted (its snippets move out). */
export function FolderGroup({ projectRef, folder, count, children }: FolderGroupProps) {
  const [open, setOpen] = useState(true)
  const [renaming, setRenaming] = useState(false)
  const [confirmDelete, setConfirmDelete] = useState(false)
  const rename = useContentFolderUpdateMutation()
  const remove = useContentFolderDeleteMutation({ onSuccess: () => setConfirmDelete(false) })
  const Chevron = open ? ChevronDown : ChevronRight

  return (
    <li>
      <div className="flex items-center gap-1 rounded-md pr-1 text-sm text-foreground-light hover:bg-surface-raised/60">
        {renaming ? (
          <div className="flex min-w-0 flex-1 items-center gap-1.5 py-0.5 pl-2">
            <Folder size={14} aria-hidden="true" className="shrink-0" />
            <InlineNameInput
              label={`New name for folder ${folder.name}`}
              initial={folder.name}
              onCancel={() => setRenaming(false)}
              onSubmit={(name) => {
                setRenaming(false)
                rename.mutate({ ref: projectRef, id: folder.id, name })
              }}
            />
          </div>
        ) : (
          <button
            type="button"
            aria-expanded={open}
            onClick={() => setOpen((value) => !value)}
            className="flex min-w-0 flex-1 items-center gap-1.5 rounded-md py-1.5 pl-1 text-left outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-brand"
          >
            <Chevron size={14} aria-hidden="true" className="shrink-0" />
            <Folder size={14} aria-hidden="true" className="shrink-0" />
            <span className="truncate">{folder.name}</span>
            <span className="ml-auto text-xs text-foreground-lighter">{count}</span>
          </button>
        )}
        <SnippetActionsMenu
          label={`Actions for folder ${folder.name}`}
          actions={[
            { label: 'Rename folder', onSelect: () => setRenaming(true) },
            { label: 'Delete folder', danger: true, onSelect: () => setConfirmDelete(true) },
          ]}
        />
      </div>
      {open && <ul className="ml-4 flex flex-col gap-0.5 border-l border-border pl-1">{children}</ul>}
      <ConfirmModal
        open={confirmDelete}
        title="Delete this folder?"
        confirmLabel="Delete folder"
        loading={remove.isPending}
        onConfirm={() => remove.mutate({ ref: projectRef, ids: [folder.id] })}
        onClose={() => setConfirmDelete(false)}
      >
        <p>
          The folder <strong className="font-medium text-foreground">{folder.name}</strong> will be deleted. Its snippets are kept: they
          move out of it, to My snippets.
        </p>
      </ConfirmModal>
    </li>
  )
}
