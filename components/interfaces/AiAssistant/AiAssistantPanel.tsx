/**
 * The AI assistant beside a project's pages (a full-screen overlay on narrow screens): a
 * conversation about the project's database, answers streamed in as they arrive, proposed SQL
 * with Copy and Insert into editor. Nothing it proposes is run. When the server has no model
 * configured, it says how to configure one instead of offering an input.
 */
import { useEffect, useRef, type KeyboardEvent } from 'react'
import { Bot, Eraser, SendHorizontal, Square, X } from 'lucide-react'
import { useSnapshot } from 'valtio'
import { Alert, Button, Skeleton } from '@/components/ui'
import { QueryErrorAlert } from '@/components/layouts/QueryErrorAlert'
import { useAiStatusQuery } from '@/data/ai/ai-status-query'
import { aiAssistantState, closeAiAssistant } from '@/state/ai-assistant'
import { AssistantMessage } from './AssistantMessage'
import { useAssistantChat } from './useAssistantChat'
import { AI_ASSISTANT_PANEL_ID } from './AiAssistant.constants'

export { AI_ASSISTANT_PANEL_ID }

export function AiAssistantPanel({ projectRef }: { projectRef: string }) {
  const status = useAiStatusQuery()
  const enabled = status.data?.enabled === true

  return (
    <aside
      id={AI_ASSISTANT_PANEL_ID}
      aria-label="AI assistant"
      onKeyDown={(e) => {
        if (e.key === 'Escape') closeAiAssistant()
      }}
      className="fixed inset-0 z-40 flex flex-col bg-surface md:static md:inset-auto md:z-auto md:w-96 md:shrink-0 md:border-l md:border-border lg:w-[28rem]"
    >
      <header className="flex h-10 shrink-0 items-center gap-2 border-b border-border px-3">
        <Bot size={16} aria-hidden className="text-foreground-light" />
        <h2 className="flex-1 truncate text-sm font-medium text-foreground">
          AI assistant
          {status.data?.model && <span className="ml-2 text-xs font-normal text-foreground-lighter">{status.data.model}</span>}
        </h2>
        <Button size="tiny" type="text" icon={<X size={14} aria-hidden />} aria-label="Close the assistant" title="Close (Esc)" onClick={closeAiAssistant} />
      </header>
      {status.isLoading ? (
        <div className="flex flex-col gap-2 p-3" aria-busy="true" aria-label="Loading the assistant">
          <Skeleton className="h-16" />
          <Skeleton className="h-16" />
        </div>
      ) : status.error ? (
        <div className="p-3">
          <QueryErrorAlert title="Could not reach the assistant" error={status.error} onRetry={() => void status.refetch()} />
        </div>
      ) : enabled ? (
        <Conversation projectRef={projectRef} />
      ) : (
        <div className="p-3">
          <Alert variant="info" title="The AI assistant is not enabled">
            <p>
              Set <code className="font-mono">OPENAI_API_KEY</code> (and optionally <code className="font-mono">OPENAI_BASE_URL</code>,{' '}
              <code className="font-mono">OPENAI_MODEL</code>) on the dashboard&apos;s server and restart it.
            </p>
            <p className="mt-2">
              Any server that speaks OpenAI&apos;s Chat Completions API works, a local one included. The assistant sends your
              question and your database&apos;s schema (table and column names and types), never its rows.
            </p>
          </Alert>
        </div>
      )}
    </aside>
  )
}

function Conversation({ projectRef }: { projectRef: string }) {
  // Sync: the input's text is the store's, and an async update would move the caret.
  const snap = useSnapshot(aiAssistantState, { sync: true })
  const chat = useAssistantChat(projectRef)
  // The draft is the store's initialInput: a prompt handed over by another page
  // (openAiAssistant('…')) lands in the input, and a draft survives a reload.
  const input = snap.initialInput
  const inputRef = useRef<HTMLTextAreaElement>(null)
  const endRef = useRef<HTMLDivElement>(null)

  useEffect(() => inputRef.current?.focus(), [])

  const last = snap.messages.at(-1)
  useEffect(() => {
    endRef.current?.scrollIntoView?.({ block: 'end' })
  }, [snap.messages.length, last?.content])

  const submit = () => {
    if (chat.send(input)) aiAssistantState.initialInput = ''
  }
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends, Shift+Enter is a new line; a composing input method keeps its Enter.
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault()
      submit()
    }
  }

  return (
    <>
      <div className="min-h-0 flex-1 overflow-y-auto p-3">
        {snap.messages.length === 0 ? (
          <div className="flex h-full flex-col items-center justify-center gap-2 px-4 text-center">
            <Bot size={24} aria-hidden className="text-foreground-lighter" />
            <p className="text-sm text-foreground-light">Ask about your schema, or describe the query you need</p>
          </div>
        ) : (
          <ol role="log" aria-label="Conversation" aria-live="polite" aria-busy={chat.streaming || undefined} className="flex flex-col gap-4">
            {snap.messages.map((message) => (
              <AssistantMessage key={message.id} message={message} projectRef={projectRef} streaming={chat.streaming && message.id === last?.id} />
            ))}
          </ol>
        )}
        {chat.error && (
          <QueryErrorAlert title="The assistant could not answer" error={{ message: chat.error }} onRetry={chat.retry} className="mt-4" />
        )}
        <div ref={endRef} />
      </div>
      <form
        className="flex shrink-0 flex-col gap-2 border-t border-border p-3"
        onSubmit={(e) => {
          e.preventDefault()
          submit()
        }}
      >
        <label htmlFor="ai-assistant-input" className="sr-only">
          Message the assistant
        </label>
        <textarea
          id="ai-assistant-input"
          ref={inputRef}
          rows={3}
          value={input}
          onChange={(e) => (aiAssistantState.initialInput = e.target.value)}
          onKeyDown={onKeyDown}
          placeholder="Ask a question (Enter to send, Shift+Enter for a new line)"
          maxLength={20_000}
          className="w-full resize-none rounded-md border border-border bg-background px-3 py-2 text-sm text-foreground placeholder:text-foreground-lighter focus-visible:ring-2 focus-visible:ring-brand focus-visible:outline-none"
        />
        <div className="flex items-center gap-2">
          <Button size="tiny" type="text" icon={<Eraser size={14} aria-hidden />} disabled={snap.messages.length === 0} onClick={chat.clear}>
            Clear conversation
          </Button>
          <span className="flex-1" />
          {chat.streaming ? (
            <Button size="tiny" type="default" icon={<Square size={12} aria-hidden />} onClick={chat.stop}>
              Stop
            </Button>
          ) : (
            <Button size="tiny" type="primary" htmlType="submit" icon={<SendHorizontal size={14} aria-hidden />} disabled={!input.trim()}>
              Send
            </Button>
          )}
        </div>
      </form>
    </>
  )
}
