import { useEffect, type RefObject } from 'react'
import type * as Monaco from 'monaco-editor'
import { subscribe } from 'valtio'
import { aiAssistantState } from '@/state/ai-assistant'
import { insertAssistantSql } from './editor-edits'

/**
 * SQL the AI assistant asked to insert (`aiAssistantState.sqlSnippets`): taken from its queue once
 * the editor is mounted, and as more arrives while it is open, and put in over the selection or on a line of its own (never glued to the
 * cursor's line). What was
 * queued at once goes in as one edit (a blank line between), so one Undo takes it back.
 */
export function useAssistantSqlInsert(editorRef: RefObject<Monaco.editor.IStandaloneCodeEditor | null>, mounted: boolean) {
  useEffect(() => {
    if (!mounted) return
    const take = () => {
      const editor = editorRef.current
      if (!editor || aiAssistantState.sqlSnippets.length === 0) return
      insertAssistantSql(editor, aiAssistantState.sqlSnippets.splice(0).join('\n\n'))
    }
    take()
    // The whole store, not the array: a reset or a reload from storage replaces the array.
    return subscribe(aiAssistantState, take)
  }, [editorRef, mounted])
}
