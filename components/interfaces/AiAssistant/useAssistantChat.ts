/**
 * The conversation's moving part: sends the stored messages to the assistant and streams the
 * answer into the last message as it arrives. The messages live in state/ai-assistant.ts (kept
 * across reloads); what is in flight (the abort controller, the error) lives here.
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import { AI_MAX_MESSAGES, AI_MAX_MESSAGE_LENGTH } from '@/lib/api-types/ai'
import { streamAiSql } from '@/data/ai/ai-sql-stream'
import { addAssistantMessage, aiAssistantState } from '@/state/ai-assistant'

export function useAssistantChat(projectRef: string) {
  const [streaming, setStreaming] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const controller = useRef<AbortController | null>(null)

  // Leaving the project (or closing the panel) stops the answer: nobody would see the rest.
  useEffect(() => () => controller.current?.abort(), [])

  const ask = useCallback(async () => {
    controller.current?.abort()
    const current = new AbortController()
    controller.current = current
    setError(null)
    setStreaming(true)
    const conversation = aiAssistantState.messages
      .filter((m) => m.content.trim() !== '')
      .slice(-AI_MAX_MESSAGES)
      // A long earlier answer is cut rather than refused: its start is what the model needs.
      .map(({ role, content }) => ({ role, content: content.slice(0, AI_MAX_MESSAGE_LENGTH) }))
    const tables = aiAssistantState.tables.map(({ schema, name }) => ({ schema, name }))
    const answer = addAssistantMessage('assistant', '')
    // The proxy of the message just added: writing to it updates the panel and the stored copy.
    const live = aiAssistantState.messages.find((m) => m.id === answer.id)
    try {
      await streamAiSql(
        { ref: projectRef, messages: conversation, ...(tables.length ? { tables } : {}) },
        {
          signal: current.signal,
          onText: (text) => {
            if (live) live.content += text
          },
        }
      )
    } catch (failure) {
      if (!current.signal.aborted) setError(failure instanceof Error ? failure.message : String(failure))
    } finally {
      // An answer that never started leaves no empty bubble behind.
      if (live && live.content === '') {
        const index = aiAssistantState.messages.findIndex((m) => m.id === answer.id)
        if (index >= 0) aiAssistantState.messages.splice(index, 1)
      }
      if (controller.current === current) {
        controller.current = null
        setStreaming(false)
      }
    }
  }, [projectRef])

  const send = useCallback(
    (text: string) => {
      const question = text.trim()
      if (!question || streaming) return false
      addAssistantMessage('user', question)
      void ask()
      return true
    },
    [ask, streaming]
  )

  /** Asks the last question again (after an error), dropping what came of a cut-off answer. */
  const retry = useCallback(() => {
    if (streaming) return
    if (aiAssistantState.messages.at(-1)?.role === 'assistant') aiAssistantState.messages.pop()
    if (aiAssistantState.messages.at(-1)?.role === 'user') void ask()
  }, [ask, streaming])

  const stop = useCallback(() => controller.current?.abort(), [])

  const clear = useCallback(() => {
    controller.current?.abort()
    aiAssistantState.messages.splice(0)
    setError(null)
  }, [])

  return { streaming, error, send, retry, stop, clear }
}
