/**
 * Writes an entry to an organization's audit log (who did what, when). Called after the change it
 * records has been made: a failure to write the entry is logged and never undoes the change nor
 * fails the request (SPEC §8, audit-log database failures are logged only).
 */
import type { AuditAction, AuditEntry } from '@/lib/api-types'
import type { ControlPlaneDb } from '../db/control-plane'

export type AuditRecord = {
  organizationId: number
  action: AuditAction
  /** Who did it; null for the platform itself (a scheduled pause). */
  actor: { id: string; email: string } | null
  target: AuditEntry['target']
  details?: Record<string, unknown>
}

/**
 * Takes the control plane itself, never a transaction: a failed insert inside one would abort the
 * change it records. Call it once that change is committed.
 */
export async function recordAudit(db: ControlPlaneDb, entry: AuditRecord): Promise<void> {
  try {
    await db.query(
      `insert into audit_log (organization_id, action, actor_id, actor_email, target_type, target_id, target_name, details)
       values ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        entry.organizationId,
        entry.action,
        entry.actor?.id ?? null,
        entry.actor?.email ?? null,
        entry.target.type,
        entry.target.id,
        entry.target.name,
        JSON.stringify(entry.details ?? {}),
      ]
    )
  } catch (error) {
    console.error(`Failed to write the audit log entry ${entry.action} for organization ${entry.organizationId}:`, (error as Error).message)
  }
}
