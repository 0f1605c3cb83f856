/** How an application calls a function: supabase-js and curl, as the function's page shows them. */
export type InvokeSnippetInput = { projectUrl: string; slug: string; anonKey: string | null }

export function invokeSnippets({ projectUrl, slug, anonKey }: InvokeSnippetInput): { supabaseJs: string; curl: string } {
  const key = anonKey ?? '<anon key>'
  const supabaseJs = `import { createClient } from '@supabase/supabase-js'

const supabase = createClient('${projectUrl}', '${key}')
const { data, error } = await supabase.functions.invoke('${slug}', {
  body: { name: 'Functions' },
})`
  const curl = `curl -X POST '${projectUrl}/functions/v1/${slug}' \\
  -H 'Authorization: Bearer ${key}' \\
  -H 'Content-Type: application/json' \\
  -d '{"name":"Functions"}'`
  return { supabaseJs, curl }
}
