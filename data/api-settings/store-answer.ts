import type { QueryClient } from '@tanstack/react-query'
import type { ApiSettingsData } from './api-settings-query'
import { apiSettingsKeys } from './keys'

/**
 * Puts a mutation's answer where the page reads it: the plain entry without the service key, the
 * revealed one only when the answer carries the key (else it is asked again, if shown).
 */
export function storeApiSettings(queryClient: QueryClient, projectRef: string, answer: ApiSettingsData) {
  queryClient.setQueryData(apiSettingsKeys.detail(projectRef, false), { ...answer, service_role_key: null })
  if (answer.service_role_key !== null) queryClient.setQueryData(apiSettingsKeys.detail(projectRef, true), answer)
  else void queryClient.invalidateQueries({ queryKey: apiSettingsKeys.detail(projectRef, true) })
}
