import { useEffect } from 'react'
import { useRouter } from 'next/router'
import { FullPageLoader } from '@/components/layouts/RuntimeConfigGate'

/** /project/{ref}/sql opens a new snippet. */
export default function SqlIndexPage() {
  const router = useRouter()
  useEffect(() => {
    if (router.isReady) void router.replace(`/project/${router.query.ref}/sql/new`)
  }, [router])
  return <FullPageLoader />
}
