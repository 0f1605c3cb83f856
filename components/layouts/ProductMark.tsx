import clsx from 'clsx'

/**
 * The product's mark: a database drum whose middle band is a rising pulse line, on a rounded
 * tile in the brand colour. Colours come from the theme tokens, so it follows light, dark and
 * classic-dark; public/favicon.svg draws the same shape in the light theme's colours.
 * Decorative by default: the link or heading around it carries the name.
 */
export function ProductMark({ className, title }: { className?: string; title?: string }) {
  return (
    <svg
      viewBox="0 0 32 32"
      className={clsx('h-6 w-6 shrink-0', className)}
      role={title ? 'img' : undefined}
      aria-hidden={title ? undefined : true}
      aria-label={title}
      focusable="false"
    >
      <rect width="32" height="32" rx="8" fill="var(--brand)" />
      <g fill="none" stroke="var(--brand-foreground)" strokeWidth="2.25" strokeLinecap="round" strokeLinejoin="round">
        <ellipse cx="16" cy="9" rx="8" ry="3" />
        <path d="M8 9v14c0 1.66 3.58 3 8 3s8-1.34 8-3V9" />
        <path d="M8 18.5l3.5-2.5 3 2.5 3.5-4.5 2.5 2 3.5-2.5" />
      </g>
    </svg>
  )
}
