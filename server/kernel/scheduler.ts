/** The background loop's handle (server/scheduler.ts starts it with the platform). */
export type Scheduler = {
  /** Look for projects to provision or transitions to run now (after a create, a retry, a pause …). */
  kick(): void
  stop(): void
}
