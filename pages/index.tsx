import { useEffect } from 'react'
import { useRouter } from 'next/router'
import { FullPageLoader, useIsPlatform } from '@/components/layouts/RuntimeConfigGate'
import { landingPath } from '@/lib/landing'

/** The default landing: /projects on the platform, /project/default when self-hosted. */
export default function IndexPage() {
  const router = useRouter()
  const isPlatform = useIsPlatform()
  useEffect(() => {
    void router.replace(landingPath(isPlatform))
  }, [router, isPlatform])
  return <FullPageLoader />
}
