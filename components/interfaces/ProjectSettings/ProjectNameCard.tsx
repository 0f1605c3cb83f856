import { useState, type FormEvent } from 'react'
import { toast } from 'sonner'
import { Button, Card, CardContent, CardHeader, Input } from '@/components/ui'
import { createProjectBody } from '@/lib/api-types/projects'
import type { ProjectDetail } from '@/lib/api-types'
import { useProjectRenameMutation } from '@/data/projects/project-rename-mutation'

/** The project's name, changed by roles that may update the project; shown read-only to the others. */
export function ProjectNameCard({ project, canUpdate }: { project: ProjectDetail; canUpdate: boolean }) {
  const [name, setName] = useState(project.name)
  const [error, setError] = useState<string | undefined>()
  const rename = useProjectRenameMutation({ onSuccess: (saved) => toast.success(`The project is now called ${saved.name}`) })
  const unchanged = name.trim() === project.name

  function submit(event: FormEvent) {
    event.preventDefault()
    // The same rules as the platform's, said before sending.
    const checked = createProjectBody.shape.name.safeParse(name)
    if (!checked.success) return setError(checked.error.issues[0]?.message)
    setError(undefined)
    rename.mutate({ ref: project.ref, name: checked.data })
  }

  return (
    <Card>
      <CardHeader title="Project name" description={canUpdate ? 'Shown in the project list, the breadcrumbs and the audit log.' : 'Your role cannot rename this project.'} />
      <CardContent>
        <form onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <Input
            label="Name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={error}
            disabled={!canUpdate || rename.isPending}
            containerClassName="min-w-0 flex-1"
            maxLength={80}
          />
          {canUpdate && (
            <Button htmlType="submit" type="primary" loading={rename.isPending} disabled={unchanged || rename.isPending}>
              Save
            </Button>
          )}
        </form>
      </CardContent>
    </Card>
  )
}
