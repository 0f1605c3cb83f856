import { useEffect } from 'react'
import { useRouter } from 'next/router'
import { FullPageLoader } from '@/components/layouts/RuntimeConfigGate'

/** /project/{ref}/realtime opens the inspector, as Supabase's dashboard does. */
export default function RealtimeIndexPage() {
  const router = useRouter()
  const ref = typeof router.query.ref === 'string' ? router.query.ref : undefined
  useEffect(() => {
    if (ref) void router.replace(`/project/${ref}/realtime/inspector`)
  }, [ref, router])
  return <FullPageLoader />
}
