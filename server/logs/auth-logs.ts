/**
 * auth_logs: the platform's auth events. The platform runs one auth service for every project, so
 * a user's events are shown in every project of every organization the user is a member of when
 * the event happens (a later member's earlier sign-ins are not). A sign-up happens before the
 * user belongs to any organization and so appears nowhere; a failed sign-in is recorded only for
 * an address that has an account (an unknown address belongs to no organization).
 */
import type { LogLevel } from '@/lib/api-types'
import type { Platform } from '../kernel/platform'
import type { Queryable } from '../db/control-plane'
import { recordLog, recordLogInTransaction } from './recorder'

export type AuthAction = 'login' | 'login_failed' | 'logout' | 'password_changed' | 'password_recovery_requested' | 'mfa_verified'

const MESSAGES: Record<AuthAction, string> = {
  login: 'Signed in',
  login_failed: 'Sign-in failed: invalid login credentials',
  logout: 'Signed out',
  password_changed: 'Password changed',
  password_recovery_requested: 'Password recovery requested',
  mfa_verified: 'MFA factor verified',
}

const LEVELS: Partial<Record<AuthAction, LogLevel>> = { login_failed: 'warning' }

type AuthEvent = { userId: string; action: AuthAction; email?: string | null; method?: string; scope?: string }

function logEvent(event: AuthEvent) {
  const { userId, action, ...rest } = event
  return {
    userId,
    source: 'auth_logs' as const,
    level: LEVELS[action] ?? 'info',
    message: event.method ? `${MESSAGES[action]} (${event.method})` : MESSAGES[action],
    metadata: { action, user_id: userId, ...rest },
  }
}

/** An event that is not part of a transaction (a failed sign-in, a sign-out once it is done). */
export function recordAuthEvent(platform: Platform, event: AuthEvent): void {
  recordLog(platform, logEvent(event))
}

/**
 * An event that is part of a transaction (a sign-in, a recovery request, an MFA verification):
 * written in it, so a transaction that rolls back leaves no event behind.
 */
export function recordAuthEventIn(tx: Queryable, event: AuthEvent): Promise<void> {
  return recordLogInTransaction(tx, logEvent(event))
}
