import { describe, expect, it } from 'vitest'
import { isPlanResult, parsePlan } from './explain-plan'

const ANALYZED = `Hash Join  (cost=1.07..2.18 rows=3 width=40) (actual time=0.030..0.900 rows=3 loops=1)
  Hash Cond: (a.id = b.id)
  ->  Seq Scan on a  (cost=0.00..1.03 rows=3 width=36) (actual time=0.005..0.006 rows=3 loops=1)
  ->  Hash  (cost=1.03..1.03 rows=3 width=4) (actual time=0.010..0.800 rows=3 loops=1)
        Buckets: 1024  Batches: 1  Memory Usage: 9kB
        ->  Seq Scan on b  (cost=0.00..1.03 rows=3 width=4) (actual time=0.003..0.200 rows=3 loops=2)
              Filter: (x > 1)
              Rows Removed by Filter: 7
Planning Time: 0.100 ms
Execution Time: 0.950 ms`.split('\n')

describe('parsePlan', () => {
  it('reads nodes, details, costs, rows, times and the summary', () => {
    const plan = parsePlan(ANALYZED)
    expect(plan).toMatchObject({ planningMs: 0.1, executionMs: 0.95, analyzed: true })
    const root = plan.root!
    expect(root).toMatchObject({ label: 'Hash Join', startupCost: 1.07, totalCost: 2.18, planRows: 3, width: 40, actualTotalMs: 0.9, actualRows: 3, loops: 1 })
    expect(root.details).toEqual(['Hash Cond: (a.id = b.id)'])
    expect(root.children.map((c) => c.label)).toEqual(['Seq Scan on a', 'Hash'])
    const hash = root.children[1]
    expect(hash.details).toEqual(['Buckets: 1024  Batches: 1  Memory Usage: 9kB'])
    expect(hash.children[0]).toMatchObject({ label: 'Seq Scan on b', loops: 2, details: ['Filter: (x > 1)', 'Rows Removed by Filter: 7'] })
  })

  it('takes the children out of a node’s own time (loops counted) and marks the slowest node', () => {
    const plan = parsePlan(ANALYZED)
    const hash = plan.root!.children[1]
    expect(hash.selfMs).toBeCloseTo(0.8 - 0.4)
    expect(plan.root!.selfMs).toBeCloseTo(0.9 - 0.006 - 0.8)
    expect(plan.slowest?.label).toBe('Hash')
  })

  it('without ANALYZE, the slowest is the node with the highest cost of its own', () => {
    const plan = parsePlan([
      'Sort  (cost=100.00..110.00 rows=1000 width=8)',
      '  Sort Key: id',
      '  ->  Seq Scan on big  (cost=0.00..95.00 rows=1000 width=8)',
    ])
    expect(plan.analyzed).toBe(false)
    expect(plan.slowest?.label).toBe('Seq Scan on big')
    expect(plan.root!.selfCost).toBe(15)
  })

  it('keeps subplans and nodes that never ran', () => {
    const plan = parsePlan([
      'Seq Scan on t  (cost=0.00..10.00 rows=5 width=4) (actual time=0.01..0.02 rows=0 loops=1)',
      '  Filter: (id = $0)',
      '  InitPlan 1 (returns $0)',
      '    ->  Result  (cost=0.00..0.01 rows=1 width=4) (never executed)',
    ])
    expect(plan.root!.details).toEqual(['Filter: (id = $0)', 'InitPlan 1 (returns $0)'])
    expect(plan.root!.children[0]).toMatchObject({ label: 'Result', neverExecuted: true, actualTotalMs: null })
  })

  it('reads ANALYZE with timing off, and one row holding every line', () => {
    const plan = parsePlan(['Result  (cost=0.00..0.01 rows=1 width=4) (actual rows=1 loops=1)\nPlanning Time: 0.01 ms'])
    expect(plan.root).toMatchObject({ label: 'Result', actualRows: 1, loops: 1, actualTotalMs: null })
    expect(plan.planningMs).toBe(0.01)
  })

  it('keeps what follows the tree apart (PostgreSQL 18 prints buffers under Planning:, and rows with decimals)', () => {
    const plan = parsePlan([
      'Limit  (cost=1.00..2.00 rows=50 width=12) (actual time=0.5..0.6 rows=50.00 loops=1)',
      '  Buffers: shared hit=217',
      'Planning:',
      '  Buffers: shared hit=77',
      'Planning Time: 0.742 ms',
      'Execution Time: 32.604 ms',
    ])
    expect(plan.root!.details).toEqual(['Buffers: shared hit=217'])
    expect(plan.root!.actualRows).toBe(50)
    expect(plan.summary).toEqual(['Planning:', '  Buffers: shared hit=77'])
    expect([plan.planningMs, plan.executionMs]).toEqual([0.742, 32.604])
  })

  it('nothing to read: no root', () => {
    expect(parsePlan([]).root).toBeNull()
  })

  it('recognises EXPLAIN output', () => {
    expect(isPlanResult([{ name: 'QUERY PLAN' }])).toBe(true)
    expect(isPlanResult([{ name: 'plan' }])).toBe(false)
  })
})
