import clsx from 'clsx'
import dayjs from 'dayjs'
import type { AssistantMessage as Message } from '@/state/ai-assistant'
import { messageParts } from './message-parts'
import { SqlBlock } from './SqlBlock'

/** One message of the conversation: who said it, when, and (for answers) its text and SQL blocks. */
export function AssistantMessage({ message, projectRef, streaming }: { message: Message; projectRef: string; streaming: boolean }) {
  const mine = message.role === 'user'
  const at = dayjs(message.createdAt)
  return (
    <li className={clsx('flex flex-col gap-1', mine ? 'items-end' : 'items-start')}>
      <div className="flex items-baseline gap-2 text-xs text-foreground-lighter">
        <span className="font-medium text-foreground-light">{mine ? 'You' : 'Assistant'}</span>
        <time dateTime={message.createdAt} title={at.format('YYYY-MM-DD HH:mm:ss')}>
          {at.format('HH:mm')}
        </time>
      </div>
      {mine ? (
        <p className="max-w-[90%] rounded-lg bg-surface-raised px-3 py-2 text-sm break-words whitespace-pre-wrap text-foreground">{message.content}</p>
      ) : (
        <div className="flex w-full flex-col gap-2 text-sm text-foreground" aria-busy={streaming || undefined}>
          {messageParts(message.content).map((part, i) =>
            part.kind === 'text' ? (
              <p key={i} className="break-words whitespace-pre-wrap">
                {part.text}
              </p>
            ) : (
              <SqlBlock key={i} sql={part.sql} complete={part.complete || !streaming} projectRef={projectRef} />
            )
          )}
          {streaming && message.content === '' && <p className="text-foreground-lighter">Thinking…</p>}
        </div>
      )}
    </li>
  )
}
