import { describe, expect, it } from 'vitest'
import { createPolicySql, policyProblems } from '@/lib/auth-policies/policy-sql'
import { STORAGE_POLICY_TEMPLATES } from './policy-templates'

const objects = { schema: 'storage', name: 'objects' }
const sqlOf = (id: string, bucket = 'avatars') => createPolicySql(objects, STORAGE_POLICY_TEMPLATES.find((t) => t.id === id)!.draft(bucket))

describe('storage policy templates', () => {
  it('hold a bucket’s files to its users’ own folders, as Supabase’s guides name them', () => {
    expect(sqlOf('own-folder-insert')).toBe(
      'create policy "Users upload to their own folder of avatars"\non storage.objects\nas permissive\nfor insert\nto authenticated\nwith check (bucket_id = \'avatars\' and (storage.foldername(name))[1] = (select auth.uid()::text));'
    )
    expect(sqlOf('read-everyone')).toBe('create policy "Anyone reads avatars"\non storage.objects\nas permissive\nfor select\nto public\nusing (bucket_id = \'avatars\');')
  })

  it('quote a bucket name as a literal', () => {
    expect(sqlOf('read-authenticated', "it's")).toContain("using (bucket_id = 'it''s')")
  })

  it('each make a complete policy', () => {
    for (const t of STORAGE_POLICY_TEMPLATES) expect(policyProblems(t.draft('avatars'))).toEqual([])
  })
})
