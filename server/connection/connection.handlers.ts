import type { connectionRoutes } from '@/lib/api-types'
import type { Handlers } from '../http/types'
import { changePassword, locationWithPassword, passwordOf, requireLocation } from './db-password'
import { projectSettings } from './settings'
import { databaseSize } from './database-size'

export const connectionHandlers: Handlers<typeof connectionRoutes> = {
  getProjectSettings: async ({ platform, access }) => projectSettings(platform, access),
  getDatabaseSize: async ({ platform, access }) => databaseSize(platform, access),
  async getDbPassword({ platform, access }) {
    const location = await locationWithPassword(platform, access.ref, requireLocation(access))
    return { password: passwordOf(location)! }
  },
  async updateDbPassword({ platform, access, body }) {
    await changePassword(platform, access, body.password)
    return undefined
  },
}
