import { useEffect } from 'react'
import { useRouter } from 'next/router'
import { FullPageLoader } from '@/components/layouts/RuntimeConfigGate'

/** /project/{ref}/settings/vault opens the secrets. */
export default function VaultIndexPage() {
  const router = useRouter()
  const ref = typeof router.query.ref === 'string' ? router.query.ref : undefined
  useEffect(() => {
    if (ref) void router.replace(`/project/${ref}/settings/vault/secrets`)
  }, [ref, router])
  return <FullPageLoader />
}
