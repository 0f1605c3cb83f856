/** Telemetry the dashboard sends after consent, and client error reports (SPEC §7). */
import { route } from './route'

void route
export const telemetryRoutes = {}
