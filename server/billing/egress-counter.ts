/** The in-memory count of egress bytes of one app instance (see egress.ts and usage-counter.ts). */
import { UsageCounter } from './usage-counter'

export class EgressCounter extends UsageCounter {
  constructor() {
    super('EGRESS')
  }
}
