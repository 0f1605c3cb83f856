import { useEffect } from 'react'
import { useRouter } from 'next/router'
import { FullPageLoader } from '@/components/layouts/RuntimeConfigGate'
import { getContentList } from '@/data/content/content-list-query'

/** /project/{ref}/sql opens the snippet the user last opened in this project, else a new one. */
export default function SqlIndexPage() {
  const router = useRouter()
  const ref = typeof router.query.ref === 'string' ? router.query.ref : undefined
  useEffect(() => {
    if (!ref) return
    const controller = new AbortController()
    getContentList({ ref, limit: 1 }, controller.signal)
      .then((page) => page.last_visited_id)
      // Whatever went wrong, the editor is still the place to be: start a new snippet.
      .catch(() => null)
      .then((last) => {
        if (!controller.signal.aborted) void router.replace(`/project/${ref}/sql/${last ?? 'new'}`)
      })
    return () => controller.abort()
  }, [ref, router])
  return <FullPageLoader />
}
