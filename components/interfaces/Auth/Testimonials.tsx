import { useState } from 'react'
import Image from 'next/image'
import type { Testimonial } from '@/lib/api-types'
import { Skeleton } from '@/components/ui'
import { useTestimonialsQuery } from '@/data/site/testimonials-query'
import { PRODUCT_NAME } from '@/lib/constants'
import { initialsOf, TESTIMONIALS_SHOWN } from './testimonials.utils'

/**
 * The panel beside the sign-in form on wide screens (hidden on phones): what people say about the
 * product, from the operator's testimonials file (GET /site/testimonials). It loads on its own and
 * never holds up the form; with no testimonials (none configured, or an unreadable file) the panel
 * keeps only its heading, so the form does not jump sideways.
 */
export function Testimonials() {
  const { data, isPending } = useTestimonialsQuery({ retry: false, staleTime: Infinity })
  const shown = (data ?? []).slice(0, TESTIMONIALS_SHOWN)
  return (
    <aside aria-label="What developers say" className="hidden w-5/12 max-w-xl flex-col justify-center gap-6 border-l border-border bg-surface px-10 py-12 lg:flex">
      <p className="text-lg font-semibold text-foreground">Developers build on {PRODUCT_NAME}</p>
      {isPending ? (
        <div aria-busy="true" className="flex flex-col gap-4">
          <Skeleton className="h-24" />
          <Skeleton className="h-24" />
        </div>
      ) : (
        shown.length > 0 && (
          <ul className="flex flex-col gap-4">
            {shown.map((testimonial, i) => (
              <li key={`${testimonial.handle}-${i}`}>
                <TestimonialCard testimonial={testimonial} />
              </li>
            ))}
          </ul>
        )
      )}
    </aside>
  )
}

function TestimonialCard({ testimonial }: { testimonial: Testimonial }) {
  return (
    <figure className="rounded-lg border border-border bg-background p-4">
      <blockquote className="text-sm text-foreground">“{testimonial.text}”</blockquote>
      <figcaption className="mt-3 flex items-center gap-2 text-sm">
        <Avatar handle={testimonial.handle} src={testimonial.img_url ?? null} />
        <a href={testimonial.url} target="_blank" rel="noopener noreferrer nofollow" className="text-foreground-light hover:text-foreground hover:underline">
          {testimonial.handle}
        </a>
      </figcaption>
    </figure>
  )
}

/** The picture, or the handle's initials when there is none or it does not load. */
function Avatar({ handle, src }: { handle: string; src: string | null }) {
  const [failed, setFailed] = useState(false)
  if (src && !failed)
    // Operators' pictures may live anywhere: served as they are, no image optimisation to configure.
    return <Image unoptimized src={src} alt="" width={28} height={28} className="h-7 w-7 rounded-full object-cover" onError={() => setFailed(true)} />
  return (
    <span aria-hidden="true" className="flex h-7 w-7 items-center justify-center rounded-full bg-surface-raised text-xs font-medium text-foreground-light">
      {initialsOf(handle)}
    </span>
  )
}
