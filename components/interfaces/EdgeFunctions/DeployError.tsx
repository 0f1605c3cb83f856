import { Alert } from '@/components/ui'

/** A refused deploy: the platform's sentence, with Deno's own error kept as it printed it. */
export function DeployError({ message }: { message: string }) {
  const [first, ...rest] = message.split('\n')
  return (
    <Alert variant="danger" title="The function was not deployed">
      <p>{first}</p>
      {rest.length > 0 && <pre className="mt-2 max-h-48 overflow-auto whitespace-pre-wrap font-mono text-xs">{rest.join('\n')}</pre>}
      <p className="mt-2">The version deployed before, if any, still serves. Fix the code and deploy again.</p>
    </Alert>
  )
}
