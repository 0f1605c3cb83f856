import Link from 'next/link'
import { Plus } from 'lucide-react'
import { buttonClasses } from '@/components/ui'
import { useCan } from '@/data/profile/use-can'

/** "New project" in an organization, shown only to roles the policy lets create projects. */
export function NewProjectLink({ org, size = 'tiny' }: { org: { id: number; slug: string }; size?: 'tiny' | 'small' }) {
  const canCreate = useCan('projects:create', org)
  if (!canCreate) return null
  return (
    <Link href={`/new/${org.slug}`} className={buttonClasses({ type: 'primary', size })}>
      <Plus size={14} className="mr-1" aria-hidden />
      New project
    </Link>
  )
}
