import { setupWorker } from 'msw/browser'
import { handlersFor, MOCK_SCENARIO_KEY } from './handlers'

/** Starts the MSW service worker with the scenario chosen in localStorage. */
export async function startMocking() {
  const worker = setupWorker(...handlersFor(window.localStorage.getItem(MOCK_SCENARIO_KEY)))
  await worker.start({ onUnhandledRequest: 'bypass', quiet: true })
}
