import type { connectionRoutes } from '@/lib/api-types'
import type { Handlers } from '../kernel/handler-types'
import { changePassword, passwordOf, requireLocation } from './db-password'
import { projectSettings } from './settings'
import { databaseSize } from './database-size'

export const connectionHandlers: Handlers<typeof connectionRoutes> = {
  getProjectSettings: async ({ platform, access }) => projectSettings(platform, access),
  getDatabaseSize: async ({ platform, access }) => databaseSize(platform, access),
  async getDbPassword({ access }) {
    return { password: passwordOf(requireLocation(access)) }
  },
  async updateDbPassword({ platform, access, body }) {
    await changePassword(platform, access, body.password)
    return undefined
  },
}
