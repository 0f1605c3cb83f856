import { useState, type FormEvent } from 'react'
import { Button, Input, Textarea } from '@/components/ui'
import { newCronJobProblem, scheduleJobSql } from '@/lib/sql/project-features/cron'
import type { useSqlChange } from '../shared/use-sql-change'

/** Name, schedule and command of a new job; Save shows the cron.schedule call before it runs. */
export function NewCronJobForm({ change, onClose }: { change: ReturnType<typeof useSqlChange>; onClose: () => void }) {
  const [job, setJob] = useState({ name: '', schedule: '', command: '' })
  const [problem, setProblem] = useState<string | null>(null)
  const submit = (e: FormEvent) => {
    e.preventDefault()
    const found = newCronJobProblem(job)
    setProblem(found)
    if (found) return
    const sql = scheduleJobSql(job)
    change.propose({
      title: 'Schedule a job',
      description: 'A job of the same name is replaced.',
      shownSql: sql,
      sql,
      confirmLabel: 'Schedule',
      onDone: onClose,
    })
  }
  return (
    <form onSubmit={submit} aria-label="New cron job" className="flex flex-col gap-3 rounded-lg border border-border p-4">
      <div className="grid gap-3 sm:grid-cols-2">
        <Input label="Name" value={job.name} onChange={(e) => setJob({ ...job, name: e.target.value })} />
        <Input
          label="Schedule"
          placeholder="*/5 * * * *"
          description="Cron syntax (UTC), or an interval such as 30 seconds"
          value={job.schedule}
          onChange={(e) => setJob({ ...job, schedule: e.target.value })}
        />
      </div>
      <Textarea label="SQL" rows={3} className="font-mono" value={job.command} onChange={(e) => setJob({ ...job, command: e.target.value })} />
      {problem && (
        <p role="alert" className="text-sm text-destructive">
          {problem}
        </p>
      )}
      <div className="flex justify-end gap-2">
        <Button type="default" onClick={onClose}>
          Cancel
        </Button>
        <Button type="primary" htmlType="submit">
          Review SQL
        </Button>
      </div>
    </form>
  )
}
