import type { ContentFolder, ContentListItem } from '@/lib/api-types'

export type SnippetGroups = {
  favorites: ContentListItem[]
  shared: ContentListItem[]
  /** The caller's private snippets in each of their folders (every folder, empty ones too). */
  folders: { folder: ContentFolder; items: ContentListItem[] }[]
  /** The caller's private snippets in no folder (or in a folder not loaded). */
  unfiled: ContentListItem[]
}

/**
 * The sidebar's sections. Each snippet shows once: a favorite under Favorites only, else a shared
 * one under "Shared with the project", else under "My snippets" (in its folder).
 */
export function groupSnippets(items: readonly ContentListItem[], folders: readonly ContentFolder[]): SnippetGroups {
  const groups: SnippetGroups = { favorites: [], shared: [], folders: folders.map((folder) => ({ folder, items: [] })), unfiled: [] }
  const byFolder = new Map(groups.folders.map((entry) => [entry.folder.id, entry.items]))
  for (const item of items) {
    if (item.favorite) groups.favorites.push(item)
    else if (item.visibility === 'project') groups.shared.push(item)
    else (item.folder_id ? (byFolder.get(item.folder_id) ?? groups.unfiled) : groups.unfiled).push(item)
  }
  return groups
}

/** What the caller may do with a snippet in the list; the server checks again. */
export function snippetPermissions(item: Pick<ContentListItem, 'visibility' | 'owner'>, { me, canWrite }: { me: number | undefined; canWrite: boolean }) {
  // Another member's private snippet is never listed: a private one is always the caller's.
  const mine = item.visibility === 'user' || (me !== undefined && item.owner?.id === me)
  const canChange = item.visibility === 'user' || canWrite
  return {
    rename: canChange,
    move: mine && canChange,
    share: mine && canWrite,
    // Owners and Admins may delete others' shared snippets too; the list offers only one's own.
    delete: mine,
  }
}
