import { ExternalLink } from 'lucide-react'
import { communityClientLibraries, officialClientLibraries, type ClientLibraryEntry } from '@/lib/client-libraries'

/** The client libraries (SPEC §3), official first, then the community's. */
export function ClientLibrariesSection() {
  return (
    <div className="flex flex-col gap-6">
      <p>
        Client libraries for the project&apos;s APIs: they take the project&apos;s URL and anon key as in the introduction, and speak to its
        data API (PostgREST) and its auth service (GoTrue-compatible) as they are.
      </p>
      <LibraryGroup title="Official" entries={officialClientLibraries()} />
      <LibraryGroup title="Community" entries={communityClientLibraries()} />
    </div>
  )
}

function LibraryGroup({ title, entries }: { title: string; entries: readonly ClientLibraryEntry[] }) {
  return (
    <section aria-label={`${title} client libraries`} className="flex flex-col gap-2">
      <h3 className="text-sm font-medium text-foreground">{title}</h3>
      <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        {entries.map((entry) => (
          <li key={entry.key} className="rounded-md border border-border px-3 py-2">
            <p className="text-sm font-medium text-foreground">{entry.language}</p>
            <ul className="mt-1 flex flex-col gap-0.5">
              {entry.libraries.map((library) => (
                <li key={library.name}>
                  <a
                    href={library.url}
                    target="_blank"
                    rel="noreferrer noopener"
                    className="inline-flex items-center gap-1 text-xs text-foreground-light underline-offset-2 hover:text-foreground hover:underline"
                  >
                    {library.name}
                    <ExternalLink size={12} aria-hidden />
                  </a>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </section>
  )
}
