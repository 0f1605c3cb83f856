import { useState, type FormEvent } from 'react'
import Link from 'next/link'
import { useRouter } from 'next/router'
import { GitBranch } from 'lucide-react'
import { toast } from 'sonner'
import { Button, Card, CardContent, CardHeader, EmptyState, Input, Skeleton } from '@/components/ui'
import { QueryErrorAlert } from '@/components/layouts/QueryErrorAlert'
import { useBranchesQuery } from '@/data/projects/branches-query'
import { useBranchCreateMutation } from '@/data/projects/branch-create-mutation'
import { useCan } from '@/data/profile/use-can'
import { createBranchBody } from '@/lib/api-types/projects'
import type { ProjectDetail } from '@/lib/api-types'
import { ProjectStatusBadge } from './ProjectStatusBadge'

/**
 * A project's preview branches: each a database of its own with the project's schema and none of
 * its rows, to try a change before making it on the project. Listed for everyone; made by roles
 * allowed `branches:write`.
 */
export function PreviewBranchesCard({ project }: { project: ProjectDetail }) {
  const router = useRouter()
  const branches = useBranchesQuery({ ref: project.ref })
  const canCreate = useCan('branches:write', { id: project.organization_id })
  const create = useBranchCreateMutation()
  const [name, setName] = useState('')
  const [error, setError] = useState<string | null>(null)

  function submit(event: FormEvent) {
    event.preventDefault()
    const parsed = createBranchBody.safeParse({ name })
    if (!parsed.success) return setError(parsed.error.issues[0].message)
    setError(null)
    create.mutate(
      { ref: project.ref, ...parsed.data },
      {
        onSuccess: (branch) => {
          setName('')
          toast.success(`Branch ${branch.name} is being set up`)
          void router.push(`/project/${branch.ref}`)
        },
        onError: (failed) => setError(failed.message),
      }
    )
  }

  return (
    <Card>
      <CardHeader
        title="Preview branches"
        description="A branch is a new database with this project's schema and none of its rows: try a migration there first."
      />
      <CardContent className="flex flex-col gap-4">
        {canCreate && (
          <form onSubmit={submit} className="flex flex-col gap-2 sm:flex-row sm:items-start" noValidate>
            <Input
              label="Branch name"
              placeholder="add-orders-table"
              value={name}
              maxLength={64}
              onChange={(e) => setName(e.target.value)}
              error={error ?? undefined}
              containerClassName="flex-1"
            />
            <Button htmlType="submit" type="primary" loading={create.isPending} icon={<GitBranch size={14} aria-hidden />} className="sm:mt-6">
              Create branch
            </Button>
          </form>
        )}
        {branches.isLoading ? (
          <Skeleton className="h-16" />
        ) : branches.error ? (
          <QueryErrorAlert title="Could not load the branches" error={branches.error} onRetry={() => void branches.refetch()} />
        ) : !branches.data?.length ? (
          <EmptyState
            icon={<GitBranch size={20} />}
            title="No preview branches"
            description={canCreate ? 'Name one above to make it.' : 'Members whose role allows it can make one.'}
          />
        ) : (
          <ul aria-label="Preview branches" className="divide-y divide-border rounded-md border border-border">
            {branches.data.map((branch) => (
              <li key={branch.ref} className="flex flex-wrap items-center gap-3 px-3 py-2 text-sm">
                <Link href={`/project/${branch.ref}`} className="min-w-0 flex-1 truncate font-medium underline-offset-2 hover:underline">
                  {branch.name}
                </Link>
                <span className="font-mono text-xs text-foreground-light">{branch.ref}</span>
                <ProjectStatusBadge status={branch.status} />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  )
}
