/**
 * What the review dialog says about each change of the Publications page, and who may make it.
 * The SQL itself comes from lib/sql/publications.ts.
 */
import { eventsText, REALTIME_PUBLICATION, tableName, type Publication, type PublicationChange } from '@/lib/sql/publications'

export type ChangeCopy = { title: string; description: string; runLabel: string; success: string; danger?: boolean }

export function changeCopy(change: PublicationChange): ChangeCopy {
  switch (change.kind) {
    case 'create-realtime':
      return {
        title: `Create ${REALTIME_PUBLICATION}`,
        description: 'The publication Realtime streams from, publishing every event and no table yet: then add the tables whose changes it streams.',
        runLabel: 'Create publication',
        success: `Created ${REALTIME_PUBLICATION}`,
      }
    case 'add-table':
      return {
        title: `Add ${tableName(change.table)} to ${change.publication}`,
        description:
          change.publication === REALTIME_PUBLICATION
            ? 'Its changes then stream to Realtime subscribers, for the events the publication publishes.'
            : "Its changes are then sent to the publication's subscribers, for the events it publishes.",
        runLabel: 'Add table',
        success: `Added ${tableName(change.table)} to ${change.publication}`,
      }
    case 'drop-table':
      return {
        title: `Remove ${tableName(change.table)} from ${change.publication}`,
        description: "Its changes are no longer sent to the publication's subscribers. The table and its rows stay as they are.",
        runLabel: 'Remove table',
        success: `Removed ${tableName(change.table)} from ${change.publication}`,
        danger: true,
      }
    case 'events':
      return {
        title: `Change the events of ${change.publication}`,
        description: `From now on it publishes: ${eventsText(change.events)}. Changes of the other kinds are not sent.`,
        runLabel: 'Save events',
        success: `${change.publication} publishes ${eventsText(change.events)}`,
      }
    case 'replica-identity':
      return change.identity === 'full'
        ? {
            title: `Set the replica identity of ${tableName(change.table)} to Full`,
            description: 'Updates and deletes then carry the whole old record, every column, not only its primary key: more is written to the WAL for each.',
            runLabel: 'Set to Full',
            success: `Replica identity of ${tableName(change.table)} set to Full`,
          }
        : {
            title: `Set the replica identity of ${tableName(change.table)} to Default`,
            description: 'Updates and deletes then carry only the old primary key; without one, Postgres refuses them while the table publishes them.',
            runLabel: 'Set to Default',
            success: `Replica identity of ${tableName(change.table)} set to Default`,
          }
  }
}

export const READ_ONLY_REASON = 'Your role can see publications but not change them'

/** What the member may do (useProjectAccess): both false while their role is not known yet. */
export type Access = { canWrite: boolean; readOnly: boolean }

/** Why the member cannot change anything, or null when they can. */
export const accessLock = ({ canWrite, readOnly }: Access): string | null =>
  canWrite ? null : readOnly ? READ_ONLY_REASON : 'Checking what your role may change'

/** Why the member cannot change the publication, or null when they can. */
export function publicationLock(publication: Publication, access: Access): string | null {
  return accessLock(access) ?? (publication.owned ? null : `Owned by ${publication.owner}: only that role can change it`)
}
