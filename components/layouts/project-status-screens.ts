/**
 * What the project's status screen says for each status of SPEC §4: a title and a sentence of its
 * own for every one, so no two states read alike. Pure data, so a table test can hold it to that.
 * ACTIVE_HEALTHY's screen is never shown in the layout (the page itself is), but it has its words
 * for anything that renders a status generically.
 */
import type { ProjectStatus } from '@/lib/api-types'

export type StatusScreenText = { title: string; text: (name: string) => string }

export const STATUS_SCREENS: Record<ProjectStatus, StatusScreenText> = {
  ACTIVE_HEALTHY: { title: 'The project is healthy', text: (name) => `The database of ${name} is serving requests.` },
  ACTIVE_UNHEALTHY: {
    title: "The project's database cannot be reached",
    text: (name) => `The database of ${name} is not answering. It is checked again regularly and the project recovers by itself when it answers.`,
  },
  COMING_UP: { title: 'Setting up your project', text: (name) => `We are creating the database for ${name}.` },
  UNKNOWN: {
    title: "The project's health cannot be read",
    text: (name) => `It is not known right now whether the database of ${name} serves requests.`,
  },
  GOING_DOWN: { title: 'Deleting the project', text: (name) => `The database of ${name} and all its data are being removed.` },
  INIT_FAILED: { title: 'The project could not be set up', text: (name) => `The database of ${name} could not be created.` },
  REMOVED: { title: 'The project has been deleted', text: (name) => `${name} and its database are gone.` },
  RESTARTING: { title: 'Restarting the project', text: (name) => `Every connection to the database of ${name} is ended and it starts afresh.` },
  RESTORING: { title: 'Restoring the project', text: (name) => `The database of ${name} is being opened again, with all its data.` },
  RESTORE_FAILED: { title: 'The project could not be restored', text: (name) => `The database of ${name} did not come back. Try restoring it again.` },
  UPGRADING: {
    title: 'Upgrading the project',
    text: (name) => `The extensions in the database of ${name} are being updated to the versions its server ships; open connections are ended so they reconnect.`,
  },
  PAUSING: { title: 'Pausing the project', text: (name) => `The database of ${name} is being closed. Your data stays as it is.` },
  PAUSE_FAILED: { title: 'The project could not be paused', text: (name) => `The database of ${name} could not be closed. Pause it again, or restore it.` },
  INACTIVE: {
    title: 'The project is paused',
    text: (name) => `The database of ${name} is closed and does not serve requests. Restoring it brings it back with all its data.`,
  },
  RESIZING: { title: 'Resizing the project', text: (name) => `The database of ${name} is being resized.` },
}
