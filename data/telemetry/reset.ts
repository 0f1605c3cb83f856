/**
 * Telemetry reset, on sign-out (SPEC §7 `POST /platform/telemetry/reset`): the platform ends the
 * link between this browser's anonymous id and the user, and the browser forgets the id and the
 * flags, so that whatever is sent afterwards is nobody's. Call it while the session still works
 * (before signing out). Never throws.
 */
import { telemetryRoutes } from '@/lib/api-types/browser/telemetry.routes'
import { forgetAnonymousId, peekAnonymousId } from '@/lib/telemetry/anonymous-id'
import { getAccessToken } from '@/lib/auth/session-token'
import { call } from '../fetchers'
import { forgetEvaluatedFeatureFlags } from './context'

export async function resetTelemetry(): Promise<void> {
  // Without an anonymous id this browser never sent telemetry; without a session there is no
  // user whose link could be ended.
  const hadId = peekAnonymousId() !== null
  forgetAnonymousId()
  forgetEvaluatedFeatureFlags()
  if (!hadId || !(await getAccessToken())) return
  try {
    await call(telemetryRoutes.resetTelemetry)
  } catch (error) {
    console.error('Problem sending telemetry reset', error)
  }
}
