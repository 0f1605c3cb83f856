import { useState } from 'react'
import clsx from 'clsx'
import { ChevronDown, ChevronRight } from 'lucide-react'
import { Badge } from '@/components/ui'
import type { Plan, PlanNode } from '@/lib/sql/explain-plan'

const ms = (value: number) => (value >= 100 ? `${Math.round(value)} ms` : `${Number(value.toFixed(3))} ms`)

/**
 * An EXPLAIN plan as a tree: each node with its estimated cost and rows, and with ANALYZE its
 * actual rows, loops and the time spent in the node itself (a bar against the whole); the slowest
 * node is marked. Details (filters, join conditions, buffers) open per node.
 */
export function PlanTree({ plan }: { plan: Plan }) {
  if (!plan.root) return <p className="p-4 text-sm text-foreground-light">This result holds no plan.</p>
  const whole = plan.analyzed ? (plan.root.actualTotalMs ?? 0) * (plan.root.loops ?? 1) : (plan.root.totalCost ?? 0)
  return (
    <div className="flex flex-col gap-3 p-3 text-sm" data-testid="plan-tree">
      <ul role="tree" aria-label="Query plan" className="flex flex-col gap-1">
        <PlanTreeNode node={plan.root} plan={plan} whole={whole} depth={0} />
      </ul>
      {(plan.planningMs !== null || plan.executionMs !== null || plan.summary.length > 0) && (
        <p className="text-xs text-foreground-light">
          {plan.planningMs !== null && <>Planning {ms(plan.planningMs)}</>}
          {plan.planningMs !== null && plan.executionMs !== null && ' · '}
          {plan.executionMs !== null && <>Execution {ms(plan.executionMs)}</>}
          {plan.summary.length > 0 && <span className="block whitespace-pre font-mono">{plan.summary.join('\n')}</span>}
        </p>
      )}
    </div>
  )
}

function PlanTreeNode({ node, plan, whole, depth }: { node: PlanNode; plan: Plan; whole: number; depth: number }) {
  const [open, setOpen] = useState(false)
  const slowest = plan.slowest === node
  const own = plan.analyzed ? node.selfMs : node.selfCost
  const share = whole > 0 && own !== null ? Math.min(1, own / whole) : 0
  const rowsOff = node.actualRows !== null && node.planRows !== null && node.loops !== null && node.planRows > 0 && (node.actualRows / node.planRows > 10 || node.planRows / Math.max(node.actualRows, 1) > 10)
  return (
    <li role="treeitem" aria-expanded={node.details.length ? open : undefined} aria-selected={false} className="flex flex-col gap-1">
      <div
        className={clsx('flex flex-col gap-1 rounded-md border px-3 py-2', slowest ? 'border-warning/60 bg-warning/10' : 'border-border bg-surface')}
        style={{ marginLeft: `${Math.min(depth, 12) * 1}rem` }}
      >
        <div className="flex flex-wrap items-center gap-2">
          {node.details.length > 0 ? (
            <button type="button" onClick={() => setOpen(!open)} aria-label={open ? 'Hide details' : 'Show details'} className="text-foreground-light hover:text-foreground">
              {open ? <ChevronDown size={14} aria-hidden /> : <ChevronRight size={14} aria-hidden />}
            </button>
          ) : (
            <span className="w-[14px]" aria-hidden />
          )}
          <span className="font-medium text-foreground">{node.label}</span>
          {slowest && <Badge variant="warning">Slowest</Badge>}
          {node.neverExecuted && <Badge>Never executed</Badge>}
        </div>
        <dl className="flex flex-wrap gap-x-4 gap-y-0.5 text-xs text-foreground-light">
          {node.totalCost !== null && (
            <div>
              <dt className="inline">Cost </dt>
              <dd className="inline tabular-nums">
                {node.startupCost}..{node.totalCost}
              </dd>
            </div>
          )}
          {node.planRows !== null && (
            <div>
              <dt className="inline">Rows </dt>
              <dd className={clsx('inline tabular-nums', rowsOff && 'text-warning')} title={rowsOff ? 'The estimate is off by more than ten times' : undefined}>
                {node.actualRows !== null ? `${node.actualRows} of ${node.planRows} estimated` : `${node.planRows} estimated`}
              </dd>
            </div>
          )}
          {node.loops !== null && node.loops > 1 && (
            <div>
              <dt className="inline">Loops </dt>
              <dd className="inline tabular-nums">{node.loops}</dd>
            </div>
          )}
          {plan.analyzed && node.selfMs !== null && (
            <div>
              <dt className="inline">Own time </dt>
              <dd className="inline tabular-nums">{ms(node.selfMs)}</dd>
            </div>
          )}
        </dl>
        <div className="h-1 overflow-hidden rounded-full bg-surface-raised" aria-hidden>
          <div className={clsx('h-full', slowest ? 'bg-warning' : 'bg-brand')} style={{ width: `${Math.max(share * 100, 0.5)}%` }} />
        </div>
        {open && <pre className="overflow-x-auto whitespace-pre-wrap font-mono text-xs text-foreground-light">{node.details.join('\n')}</pre>}
      </div>
      {node.children.length > 0 && (
        <ul role="group" className="flex flex-col gap-1">
          {node.children.map((child, i) => (
            <PlanTreeNode key={i} node={child} plan={plan} whole={whole} depth={depth + 1} />
          ))}
        </ul>
      )}
    </li>
  )
}
