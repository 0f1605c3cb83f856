import { useEffect, useRef } from 'react'
import { useRouter } from 'next/router'
import { toast } from 'sonner'
import { useProfileQuery } from '@/data/profile/profile-query'
import { useProfileCreateMutation } from '@/data/profile/profile-create-mutation'
import { isResponseError } from '@/data/fetchers'
import { PROFILE_NOT_FOUND_MESSAGE } from '@/lib/api-types/errors'
import { useAuth } from './AuthProvider'

/**
 * The profile load of SPEC §4/§8: a missing profile is created (once); a 401 signs out and goes to
 * /sign-in. Answers the profile and what to show while it is not there.
 */
export function useProfileBootstrap({ enabled }: { enabled: boolean }) {
  const router = useRouter()
  const { signOut } = useAuth()
  const profile = useProfileQuery({ enabled })
  const create = useProfileCreateMutation()
  const asked = useRef(false)

  const error = profile.error
  const notFound = isResponseError(error) && error.code === 404 && error.message === PROFILE_NOT_FOUND_MESSAGE
  const unauthorized = isResponseError(error) && error.code === 401

  useEffect(() => {
    if (!notFound || asked.current) return
    asked.current = true
    create.mutate(undefined, {
      onError: (e) => toast.error(`Failed to create profile: ${e.message}`),
    })
  }, [notFound, create])

  useEffect(() => {
    if (!unauthorized) return
    void signOut().then(() => router.replace('/sign-in'))
  }, [unauthorized, signOut, router])

  return {
    profile: profile.data,
    isLoading: enabled && !profile.data && (profile.isLoading || notFound || create.isPending || unauthorized),
    createFailed: create.isError,
    error: !notFound && !unauthorized ? error : null,
  }
}
