/**
 * EXPLAIN's text output (the default format, with or without ANALYZE) read back into a tree, so
 * the editor can show a plan as nested nodes with costs, rows and times and mark the slowest one.
 * Node lines start with `->` (the root has none); the lines under a node that do not start a node
 * are its details (Filter, Hash Cond, Buckets …). "Planning Time" and "Execution Time" are kept
 * apart.
 */
export type PlanNode = {
  /** "Seq Scan on orders", "Hash Join" … */
  label: string
  startupCost: number | null
  totalCost: number | null
  planRows: number | null
  width: number | null
  /** With ANALYZE: per loop, as EXPLAIN prints them. */
  actualStartupMs: number | null
  actualTotalMs: number | null
  actualRows: number | null
  loops: number | null
  neverExecuted: boolean
  details: string[]
  children: PlanNode[]
  /** Time (ANALYZE) or cost spent in this node itself, children taken out. */
  selfMs: number | null
  selfCost: number | null
}

export type Plan = {
  root: PlanNode | null
  planningMs: number | null
  executionMs: number | null
  /** Lines after the tree (Planning: Buffers …, Triggers, JIT), as printed. */
  summary: string[]
  analyzed: boolean
  slowest: PlanNode | null
}

const HEADER =
  /^(?<label>.*?)\s+\(cost=(?<sc>[\d.]+)\.\.(?<tc>[\d.]+) rows=(?<rows>\d+) width=(?<width>\d+)\)(?:\s+\((?:actual (?:time=(?<as>[\d.]+)\.\.(?<at>[\d.]+) )?rows=(?<ar>[\d.]+) loops=(?<loops>\d+)|(?<never>never executed))\))?/
const SUMMARY = /^(Planning|Execution) Time: ([\d.]+) ms$/

function node(text: string): PlanNode {
  const m = text.match(HEADER)
  const g = m?.groups ?? {}
  const num = (v: string | undefined) => (v === undefined ? null : Number(v))
  return {
    label: m ? g.label : text,
    startupCost: num(g.sc),
    totalCost: num(g.tc),
    planRows: num(g.rows),
    width: num(g.width),
    actualStartupMs: num(g.as),
    actualTotalMs: num(g.at),
    actualRows: num(g.ar),
    loops: num(g.loops),
    neverExecuted: g.never !== undefined,
    details: [],
    children: [],
    selfMs: null,
    selfCost: null,
  }
}

const totalMs = (n: PlanNode) => (n.actualTotalMs ?? 0) * (n.loops ?? 1)

function measure(n: PlanNode) {
  n.children.forEach(measure)
  if (n.totalCost !== null) n.selfCost = Math.max(0, n.totalCost - n.children.reduce((sum, c) => sum + (c.totalCost ?? 0), 0))
  if (n.actualTotalMs !== null) n.selfMs = Math.max(0, totalMs(n) - n.children.reduce((sum, c) => sum + totalMs(c), 0))
}

function walk(n: PlanNode, visit: (n: PlanNode) => void) {
  visit(n)
  n.children.forEach((c) => walk(c, visit))
}

/** Reads EXPLAIN's lines (one row per line, the "QUERY PLAN" column). */
export function parsePlan(lines: string[]): Plan {
  let root: PlanNode | null = null
  let planningMs: number | null = null
  let executionMs: number | null = null
  const summary: string[] = []
  /** Open nodes with the column their `->` (or the root's text) starts at. */
  const stack: { indent: number; node: PlanNode }[] = []
  for (const raw of lines.flatMap((l) => l.split('\n'))) {
    if (!raw.trim()) continue
    const time = raw.trim().match(SUMMARY)
    if (time && raw.search(/\S/) === 0) {
      if (time[1] === 'Planning') planningMs = Number(time[2])
      else executionMs = Number(time[2])
      continue
    }
    // After the tree, an unindented line starts the summary (Planning:, Triggers, JIT); the rest goes with it.
    if (summary.length || (root && raw.search(/\S/) === 0)) {
      summary.push(raw.trimEnd())
      continue
    }
    const arrow = raw.match(/^(\s*)->\s+(.*)$/)
    if (!root) {
      root = node(raw.trim())
      stack.push({ indent: -1, node: root })
    } else if (arrow) {
      const indent = arrow[1].length
      const child = node(arrow[2].trim())
      while (stack.length > 1 && stack[stack.length - 1].indent >= indent) stack.pop()
      stack[stack.length - 1].node.children.push(child)
      stack.push({ indent, node: child })
    } else {
      const indent = raw.search(/\S/)
      while (stack.length > 1 && stack[stack.length - 1].indent >= indent) stack.pop()
      stack[stack.length - 1].node.details.push(raw.trim())
    }
  }
  if (!root) return { root: null, planningMs, executionMs, summary, analyzed: false, slowest: null }
  measure(root)
  let analyzed = false
  let slowest: PlanNode | null = null
  walk(root, (n) => {
    if (n.actualTotalMs !== null) analyzed = true
  })
  walk(root, (n) => {
    const score = analyzed ? n.selfMs : n.selfCost
    const best = slowest ? (analyzed ? slowest.selfMs : slowest.selfCost) : null
    if (score !== null && (best === null || score > best)) slowest = n
  })
  return { root, planningMs, executionMs, summary, analyzed, slowest }
}

/** Whether a result set is EXPLAIN's text output: one text column named QUERY PLAN. */
export const isPlanResult = (columns: { name: string }[]) => columns.length === 1 && columns[0].name === 'QUERY PLAN'
