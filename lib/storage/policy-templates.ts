/**
 * Starting points for a policy on `storage.objects`, the common cases of Supabase's storage: each
 * is about one bucket (`bucket_id`), and the "own folder" ones about the first folder of a file's
 * name holding the signed-in user's id (`storage.foldername(name)[1] = auth.uid()::text`), as
 * Supabase's guides name a user's files `{user id}/…`.
 */
import { sqlLiteral } from '@/lib/sql/project-features/sql-text'
import type { PolicyDraft } from '@/lib/auth-policies/policy-sql'

export type StoragePolicyTemplate = { id: string; title: string; description: string; draft: (bucket: string) => PolicyDraft }

const inBucket = (bucket: string) => `bucket_id = ${sqlLiteral(bucket)}`
const ownFolder = (bucket: string) => `${inBucket(bucket)} and (storage.foldername(name))[1] = (select auth.uid()::text)`
const IMAGE_EXTENSIONS = "('jpg', 'jpeg', 'png', 'webp', 'gif', 'avif')"

const policy = (name: string, command: PolicyDraft['command'], roles: string[], using: string, withCheck: string): PolicyDraft => ({
  name,
  command,
  roles,
  permissive: true,
  using,
  withCheck,
})

export const STORAGE_POLICY_TEMPLATES: StoragePolicyTemplate[] = [
  {
    id: 'read-everyone',
    title: 'Anyone reads its files',
    description: 'Everyone, signed in or not, downloads and lists the bucket’s files.',
    draft: (b) => policy(`Anyone reads ${b}`, 'SELECT', ['public'], inBucket(b), ''),
  },
  {
    id: 'read-authenticated',
    title: 'Signed-in users read its files',
    description: 'Any signed-in user downloads and lists them; anon none.',
    draft: (b) => policy(`Signed-in users read ${b}`, 'SELECT', ['authenticated'], inBucket(b), ''),
  },
  {
    id: 'upload-images',
    title: 'Signed-in users upload images',
    description: 'Any signed-in user adds files ending in .jpg, .png, .webp, .gif or .avif.',
    draft: (b) => policy(`Signed-in users upload images to ${b}`, 'INSERT', ['authenticated'], '', `${inBucket(b)} and storage.extension(name) in ${IMAGE_EXTENSIONS}`),
  },
  {
    id: 'own-folder-read',
    title: 'Users read their own folder',
    description: 'A signed-in user reads the files under a folder named with their id.',
    draft: (b) => policy(`Users read their own folder of ${b}`, 'SELECT', ['authenticated'], ownFolder(b), ''),
  },
  {
    id: 'own-folder-insert',
    title: 'Users upload to their own folder',
    description: 'A signed-in user adds files only under a folder named with their id.',
    draft: (b) => policy(`Users upload to their own folder of ${b}`, 'INSERT', ['authenticated'], '', ownFolder(b)),
  },
  {
    id: 'own-folder-update',
    title: 'Users replace files in their own folder',
    description: 'Needed for an upload with upsert over a file already there.',
    draft: (b) => policy(`Users replace files in their own folder of ${b}`, 'UPDATE', ['authenticated'], ownFolder(b), ownFolder(b)),
  },
  {
    id: 'own-folder-delete',
    title: 'Users delete files in their own folder',
    description: 'A signed-in user deletes only their own files.',
    draft: (b) => policy(`Users delete files in their own folder of ${b}`, 'DELETE', ['authenticated'], ownFolder(b), ''),
  },
]
