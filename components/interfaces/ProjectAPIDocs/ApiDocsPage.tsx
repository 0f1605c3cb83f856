/**
 * The API docs page (/project/{ref}/api): the side panel's content, full width, for every member
 * (the side panel is a feature preview; this page is not).
 */
import { FeaturePage } from '@/components/interfaces/ProjectFeatures/shared/FeaturePage'
import { ApiDocsContent } from './ApiDocsContent'

export function ApiDocsPage({ projectRef }: { projectRef: string }) {
  return (
    <FeaturePage
      title="API docs"
      description="How an application reads and writes this project's tables, calls its functions and signs its users in: supabase-js and curl, with the project's URL and anon key."
    >
      <ApiDocsContent projectRef={projectRef} layout="page" />
    </FeaturePage>
  )
}
