import { useEffect } from 'react'
import { useRouter } from 'next/router'
import { FullPageLoader } from '@/components/layouts/RuntimeConfigGate'

/** /project/{ref}/advisors opens its one page, query performance. */
export default function AdvisorsIndexPage() {
  const router = useRouter()
  const ref = typeof router.query.ref === 'string' ? router.query.ref : undefined
  useEffect(() => {
    if (ref) void router.replace(`/project/${ref}/advisors/query-performance`)
  }, [ref, router])
  return <FullPageLoader />
}
