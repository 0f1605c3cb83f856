import { Check, Copy } from 'lucide-react'
import { useEffect, useState } from 'react'
import { toast } from 'sonner'
import { Button, type ButtonProps } from './Button'

/** SPEC §5: copying fails while the window does not have the focus. */
export async function copyToClipboard(text: string): Promise<void> {
  if (typeof document !== 'undefined' && !document.hasFocus()) throw new Error('Unable to copy to clipboard')
  try {
    await navigator.clipboard.writeText(text)
  } catch {
    throw new Error('Unable to copy to clipboard')
  }
}

export interface CopyButtonProps extends Omit<ButtonProps, 'onClick'> {
  text: string
  /** Said to assistive tech and shown as the tooltip, e.g. "Copy invitation link". */
  label: string
}

/** A button that copies `text`, shows a tick for a moment, and a toast when copying fails. */
export function CopyButton({ text, label, children, ...rest }: CopyButtonProps) {
  const [copied, setCopied] = useState(false)
  useEffect(() => {
    if (!copied) return
    const timer = setTimeout(() => setCopied(false), 2000)
    return () => clearTimeout(timer)
  }, [copied])
  return (
    <Button
      aria-label={label}
      title={label}
      icon={copied ? <Check size={14} aria-hidden /> : <Copy size={14} aria-hidden />}
      onClick={() =>
        copyToClipboard(text).then(
          () => setCopied(true),
          (error: Error) => toast.error(error.message)
        )
      }
      {...rest}
    >
      {children}
    </Button>
  )
}
