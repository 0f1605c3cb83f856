import { useEffect } from 'react'
import { useRouter } from 'next/router'
import { FullPageLoader } from '@/components/layouts/RuntimeConfigGate'

/** /project/{ref}/database opens the first of the database pages, the tables. */
export default function DatabaseIndexPage() {
  const router = useRouter()
  const ref = typeof router.query.ref === 'string' ? router.query.ref : undefined
  useEffect(() => {
    if (ref) void router.replace(`/project/${ref}/database/tables`)
  }, [ref, router])
  return <FullPageLoader />
}
