// Figures → a table on stdout and JSON. Every figure is a value, a baseline measured in the same
// run, their difference and their ratio (value / baseline); some carry an aim (a target the
// product sets itself), shown with whether this run met it. Never pass/fail: the exit code does
// not depend on aims.
import { formatBytes, formatMs, round } from './util.mjs'

/**
 * `aim`: `{ op: '≤' | '<' | '≥', value }` on the value, `{ op, ratio }` on the ratio, or
 * `{ op, delta }` on the overhead (value − baseline).
 */
export function figure({ id, section, name, value, baseline, baselineName, unit = 'ms', note, aim }) {
  const ok = Number.isFinite(value) && Number.isFinite(baseline)
  const ratio = ok && baseline !== 0 ? round(value / baseline, 2) : null
  let aimOut
  if (aim) {
    const measured = aim.ratio !== undefined ? ratio : aim.delta !== undefined ? (ok ? value - baseline : null) : value
    const target = aim.ratio ?? aim.delta ?? aim.value
    const met = !Number.isFinite(measured) ? null : aim.op === '≤' ? measured <= target : aim.op === '<' ? measured < target : measured >= target
    aimOut = { ...aim, met }
  }
  return {
    id,
    section,
    name,
    unit,
    value: round(value),
    baselineName,
    baseline: round(baseline),
    delta: ok ? round(value - baseline) : null,
    ratio,
    ...(aimOut ? { aim: aimOut } : {}),
    ...(note ? { note } : {}),
  }
}

const fmt = (unit, v) =>
  v === null || v === undefined ? '—' : unit === 'bytes' ? formatBytes(v) : unit === 'ms' ? formatMs(v) : `${v.toFixed(v >= 100 ? 0 : 1)} ${unit}`
const fmtDelta = (unit, v) => (v === null ? '—' : `${v >= 0 ? '+' : '−'}${fmt(unit, Math.abs(v))}`)
const fmtRatio = (r) => (r === null ? '—' : r >= 100 ? `${r.toFixed(0)}×` : r >= 10 ? `${r.toFixed(1)}×` : `${r.toFixed(2)}×`)
const fmtAim = (f) => {
  if (!f.aim) return ''
  const target =
    f.aim.ratio !== undefined ? `ratio ${f.aim.op} ${f.aim.ratio}×` : f.aim.delta !== undefined ? `overhead ${f.aim.op} ${fmt(f.unit, f.aim.delta)}` : `${f.aim.op} ${fmt(f.unit, f.aim.value)}`
  return `${target}: ${f.aim.met === null ? '?' : f.aim.met ? 'met' : 'NOT met'}`
}

export function renderTable(figures) {
  const header = ['Figure', 'Value', 'Baseline', 'Baseline value', 'Overhead', 'Ratio', 'Aim']
  const body = []
  let section = null
  for (const f of figures) {
    if (f.section !== section) {
      section = f.section
      body.push({ section })
    }
    body.push([f.name, fmt(f.unit, f.value), f.baselineName, fmt(f.unit, f.baseline), fmtDelta(f.unit, f.delta), fmtRatio(f.ratio), fmtAim(f)])
  }
  const widths = header.map((h, i) => Math.max(h.length, ...body.filter(Array.isArray).map((r) => r[i].length)))
  const right = new Set([1, 3, 4, 5])
  const line = (cells) => cells.map((c, i) => (right.has(i) ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join('  ').trimEnd()
  const rule = widths.map((w) => '─'.repeat(w)).join('  ')
  const out = [line(header), rule]
  for (const row of body) out.push(Array.isArray(row) ? line(row) : `\n${row.section}`)
  return out.join('\n')
}
