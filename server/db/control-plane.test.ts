// @vitest-environment node
import { detached, openEmbeddedControlPlane } from './control-plane'

describe('the embedded control plane', () => {
  it('refuses a query on itself from inside a transaction (it would wait for ever), and lets detached work queue behind it', async () => {
    const db = await openEmbeddedControlPlane(null)
    try {
      let later: Promise<unknown> | undefined
      await db.transaction(async (tx) => {
        await expect(db.query('select 1')).rejects.toThrow('inside a transaction')
        later = detached(() => db.query<{ n: number }>('select 2 as n'))
        return tx.query('select 1')
      })
      expect(await later).toEqual([{ n: 2 }])
      expect(await db.query('select 3 as n')).toEqual([{ n: 3 }])
    } finally {
      await db.close()
    }
  })
})
