import type { ReactElement } from 'react'
import type { NextRouter } from 'next/router'
import { RouterContext } from 'next/dist/shared/lib/router-context.shared-runtime'

/**
 * The tree under test with the router the test describes, given the way Next gives a page its
 * own: `useRouter()` and `next/link` read Next's RouterContext. Only the fields the component
 * uses need be there. No module mock, so the file shares the loaded modules with the next one
 * (tests/shared-module-files.mjs).
 */
export function withRouter(router: Partial<NextRouter>, ui: ReactElement): ReactElement {
  return <RouterContext.Provider value={router as NextRouter}>{ui}</RouterContext.Provider>
}
