import { Card, CardContent, CardHeader } from '@/components/ui'
import type { ApiSettingsData } from '@/data/api-settings/api-settings-query'
import { ValueField } from './ValueField'

/** The project's URL (what supabase-js takes) and its REST endpoint. */
export function ProjectUrlCard({ settings }: { settings: ApiSettingsData }) {
  return (
    <Card>
      <CardHeader title="Project URL" description="Give this URL and the anon key to a client library, e.g. createClient(url, anonKey) in supabase-js." />
      <CardContent className="flex flex-col gap-4">
        <ValueField label="URL" value={settings.url} copyLabel="Copy the project URL" />
        <ValueField label="REST URL" value={settings.rest_url} copyLabel="Copy the REST URL" />
      </CardContent>
    </Card>
  )
}
