import type { DocsFunction } from '@/lib/sql/api-docs-catalog'
import type { DocsLanguage } from '@/state/app'
import { OperationSnippet } from './OperationSnippet'
import { rpcSnippet, type SnippetContext } from './api-docs.snippets'

/** One function of the data API: its arguments and result, then the call (`rpc`, or POST /rest/v1/rpc/{name}). */
export function FunctionSection({ fn, ctx, language }: { fn: DocsFunction; ctx: SnippetContext; language: DocsLanguage }) {
  return (
    <div className="flex min-w-0 flex-col gap-6">
      <div className="flex flex-col gap-2">
        <h3 className="font-mono text-sm font-medium break-all text-foreground">
          {fn.schema}.{fn.name}({fn.identity})
        </h3>
        <p>
          Returns <code>{fn.returns || 'void'}</code>
          {fn.returns_set ? ': a set of rows, answered as an array.' : '.'}
        </p>
        {fn.args.length > 0 && (
          <table className="w-full text-left text-xs">
            <caption className="sr-only">Arguments of {fn.name}</caption>
            <thead>
              <tr className="border-b border-border text-foreground">
                <th scope="col" className="py-1.5 pr-3 font-medium">
                  Argument
                </th>
                <th scope="col" className="py-1.5 pr-3 font-medium">
                  Type
                </th>
                <th scope="col" className="py-1.5 font-medium">
                  Default
                </th>
              </tr>
            </thead>
            <tbody>
              {fn.args.map((arg) => (
                <tr key={arg.name} className="border-b border-border/60">
                  <td className="py-1.5 pr-3 font-mono break-all text-foreground">{arg.name}</td>
                  <td className="py-1.5 pr-3 font-mono">{arg.type}</td>
                  <td className="py-1.5">{arg.has_default ? 'yes' : 'no'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
      <OperationSnippet title="Call the function" language={language} code={rpcSnippet(language, ctx, fn)}>
        Arguments go by name, as a JSON object; those with a default may be left out. The function runs as the key&apos;s role, which
        needs EXECUTE on it.
      </OperationSnippet>
    </div>
  )
}
