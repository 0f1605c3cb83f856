/**
 * The previews the modal lists (SPEC §3 Feature preview: key, name, isNew, discussionsUrl,
 * content), in the order shown; the first is selected when the modal opens. `flag` names the
 * feature flag a preview waits for: while it is off the preview shows "Coming soon".
 */
import type { ReactNode } from 'react'
import { ASSISTANT_PREVIEW_FLAG, ASSISTANT_PREVIEW_KEY, discussionsAbout, FEATURE_PREVIEW_KEYS, type PreviewKey } from '@/lib/feature-previews'

export type FeaturePreview = {
  key: PreviewKey
  name: string
  isNew: boolean
  discussionsUrl?: string
  /** A feature flag that must be on before the preview can be enabled. */
  flag?: string
  /** What turning it on changes, in a few sentences. */
  content: ReactNode
}

export const FEATURE_PREVIEWS: readonly FeaturePreview[] = [
  {
    key: FEATURE_PREVIEW_KEYS.API_SIDE_PANEL,
    name: 'API documentation side panel',
    isNew: true,
    discussionsUrl: discussionsAbout('API documentation side panel'),
    content: (
      <>
        <p>
          Adds an <strong>API</strong> button to every project page. It opens the project&apos;s API documentation in a side panel,
          beside the page you are working on.
        </p>
        <p>
          Every table and view of the exposed schemas is shown as calls to the project&apos;s data API: how to read, insert, update
          and delete its rows, and every function as an RPC, with snippets in JavaScript (supabase-js) or Bash (curl) to copy, with
          the project&apos;s own URL and anon key. The panel also explains the keys, signing users in with the project&apos;s auth
          service, the errors the API answers, and lists the client libraries.
        </p>
      </>
    ),
  },
  {
    key: FEATURE_PREVIEW_KEYS.COLUMN_PRIVILEGES,
    name: 'Column-level privileges',
    isNew: true,
    discussionsUrl: discussionsAbout('column-level privileges'),
    content: (
      <>
        <p>
          Adds <strong>Column privileges</strong> to the project&apos;s navigation: pick a table and see, for each of the
          database&apos;s roles, which columns it may <code>SELECT</code>, <code>INSERT</code>, <code>UPDATE</code> or{' '}
          <code>REFERENCES</code>.
        </p>
        <p>
          Grant or revoke a single privilege, or all four on a column at once. Changes run in the project&apos;s database as the
          project&apos;s own role; Read-only members can look but not change.
        </p>
      </>
    ),
  },
  {
    key: FEATURE_PREVIEW_KEYS.INLINE_EDITOR,
    name: 'Inline SQL editor',
    isNew: false,
    content: (
      <>
        <p>
          Adds a <strong>SQL panel</strong> button to the header of every project page. The panel opens beside the page: write SQL
          or start from a template, and run it in the project&apos;s database without leaving the page for the SQL editor.
        </p>
        <p>SQL runs as your role allows: read-only for Read-only members.</p>
      </>
    ),
  },
  {
    key: ASSISTANT_PREVIEW_KEY,
    name: 'Assistant SQL in the SQL panel',
    isNew: true,
    flag: ASSISTANT_PREVIEW_FLAG,
    content: (
      <>
        <p>
          SQL the AI assistant proposes gets an <strong>Open in SQL panel</strong> action: the SQL opens in the SQL panel beside the
          page you are on, ready to review and run, instead of in the SQL editor on another page.
        </p>
        <p>The conversation stays where it was: open the assistant again to carry on.</p>
      </>
    ),
  },
]
