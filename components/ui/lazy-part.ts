import { useEffect, useReducer } from 'react'

/**
 * A part of the page loaded only when it is first wanted (a dialog or panel opened on demand), so
 * that its code and libraries stay out of the script every page downloads first. `useModule(true)`
 * starts the download and answers the module once it is there (undefined meanwhile); `preload()`
 * fetches it ahead (after the first paint, or in tests so that the part renders at once).
 */
export function lazyPart<M>(load: () => Promise<M>) {
  let loaded: M | undefined
  let pending: Promise<M> | undefined
  const preload = (): Promise<M> =>
    (pending ??= load().then(
      (module) => (loaded = module),
      (error: unknown) => {
        pending = undefined // a failed download (offline) is tried again the next time it is wanted
        throw error
      }
    ))
  function useModule(wanted: boolean): M | undefined {
    const [, loadedNow] = useReducer((n: number) => n + 1, 0)
    useEffect(() => {
      if (wanted && !loaded) preload().then(loadedNow, (error: unknown) => console.error('Could not load part of the page', error))
    }, [wanted])
    return wanted ? loaded : undefined
  }
  return { preload, useModule }
}
