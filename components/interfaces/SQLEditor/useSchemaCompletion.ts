/**
 * Schema-aware autocomplete in the SQL editor: one Monaco completion provider for the editor's
 * model, answering from the project's catalog (data/database). The decisions are made by
 * `completionsAt` (lib/sql/completion); this maps them to Monaco. The catalog is read from a ref
 * at each request, so a reload after DDL is used without registering again.
 */
import { useEffect, useRef, type RefObject } from 'react'
import type * as Monaco from 'monaco-editor'
import { useSchemaCatalogQuery } from '@/data/database/schema-catalog-query'
import { completionsAt, completionStart, EMPTY_CATALOG, type Completion, type CompletionKind, type SchemaCatalog } from '@/lib/sql/completion'

type MonacoApi = typeof Monaco

/** The fake Monaco of component tests has no `languages`: there, nothing is registered or loaded. */
const canComplete = (monaco: MonacoApi | null): monaco is MonacoApi => typeof monaco?.languages?.registerCompletionItemProvider === 'function'

const KINDS: Record<CompletionKind, keyof typeof Monaco.languages.CompletionItemKind> = {
  schema: 'Module',
  table: 'Class',
  view: 'Interface',
  column: 'Field',
  function: 'Function',
  keyword: 'Keyword',
}

/** `$`, `}` and `\` are snippet syntax; names may hold them. */
const snippetText = (text: string) => text.replace(/[\\$}]/g, '\\$&')

function toMonacoItem(monaco: MonacoApi, item: Completion, range: Monaco.IRange): Monaco.languages.CompletionItem {
  // A function goes in with its parentheses, the cursor between them.
  const call = item.kind === 'function'
  return {
    label: item.label,
    kind: monaco.languages.CompletionItemKind[KINDS[item.kind]],
    detail: item.detail,
    sortText: item.sortText,
    filterText: item.filterText,
    insertText: call ? `${snippetText(item.insertText)}($0)` : item.insertText,
    insertTextRules: call ? monaco.languages.CompletionItemInsertTextRule.InsertAsSnippet : undefined,
    range,
  }
}

export function useSchemaCompletion(
  projectRef: string,
  editorRef: RefObject<Monaco.editor.IStandaloneCodeEditor | null>,
  monacoRef: RefObject<MonacoApi | null>,
  mounted: boolean
) {
  // Loaded once the real editor is up (a function: read when the query is about to run, not in render).
  const { data } = useSchemaCatalogQuery({ projectRef }, { enabled: () => mounted && canComplete(monacoRef.current) })
  const catalog = useRef<SchemaCatalog | undefined>(data)
  useEffect(() => {
    catalog.current = data
  }, [data])

  useEffect(() => {
    const monaco = monacoRef.current
    if (!mounted || !canComplete(monaco)) return
    const provider = monaco.languages.registerCompletionItemProvider('sql', {
      triggerCharacters: ['.', ' ', '"'],
      provideCompletionItems(model, position, context) {
        // Registered for the language, so asked for every SQL model: answer for this editor's only.
        if (model !== editorRef.current?.getModel()) return { suggestions: [] }
        const text = model.getValue()
        const offset = model.getOffsetAt(position)
        // Keywords still come while the catalog loads or when it could not be read.
        const items = completionsAt(catalog.current ?? EMPTY_CATALOG, text, offset, { triggerCharacter: context.triggerCharacter })
        if (items.length === 0) return { suggestions: [] }
        const start = model.getPositionAt(completionStart(text, offset))
        // Monaco wants a one-line range: a quoted name opened on an earlier line is replaced from this line's start.
        const startColumn = start.lineNumber === position.lineNumber ? start.column : 1
        const range = { startLineNumber: position.lineNumber, startColumn, endLineNumber: position.lineNumber, endColumn: position.column }
        return { suggestions: items.map((item) => toMonacoItem(monaco, item, range)) }
      },
    })
    return () => provider.dispose()
  }, [mounted, editorRef, monacoRef])
}
