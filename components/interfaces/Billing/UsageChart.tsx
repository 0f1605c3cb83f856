/**
 * A metric's daily figures over a period as bars (recharts), with the plan's included amount as a
 * dashed line when there is one and the bars reach near it. Colours come from the theme's CSS
 * variables, so light and dark follow. The chart is described for screen readers by its caption;
 * the figures themselves are in the table or summary beside it.
 */
import { Bar, BarChart, CartesianGrid, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import dayjs from 'dayjs'
import type { UsageUnit } from '@/lib/billing/plan-table'
import { formatUsage } from '@/lib/billing/metrics'

export type UsageChartProps = {
  name: string
  unit: UsageUnit
  daily: { date: string; value: number }[]
  /** The plan's included amount, drawn when it is within reach of the bars; null: no limit. */
  included?: number | null
  height?: number
}

export function UsageChart({ name, unit, daily, included = null, height = 160 }: UsageChartProps) {
  const peak = daily.reduce((max, d) => Math.max(max, d.value), 0)
  // A quota line far above every bar would flatten them to nothing: drawn only when within 4×.
  const showQuota = included !== null && included > 0 && peak * 4 >= included
  return (
    <figure className="m-0" aria-label={`${name} per day`}>
      {/* Clipped: after a resize the chart keeps its old width for a frame, and must not widen the page meanwhile. */}
      <div style={{ height }} className="w-full overflow-hidden text-foreground-lighter">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={daily} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
            <CartesianGrid vertical={false} stroke="var(--border)" strokeDasharray="3 3" />
            <XAxis
              dataKey="date"
              tickFormatter={(date: string) => dayjs(date).format('D MMM')}
              tick={{ fill: 'var(--foreground-lighter)', fontSize: 11 }}
              stroke="var(--border)"
              minTickGap={16}
            />
            <YAxis
              width={64}
              tickFormatter={(value: number) => formatUsage(unit, value)}
              tick={{ fill: 'var(--foreground-lighter)', fontSize: 11 }}
              stroke="var(--border)"
              allowDecimals={unit !== 'count'}
              domain={[0, showQuota ? Math.max(peak, included!) : 'auto']}
            />
            <Tooltip
              cursor={{ fill: 'var(--surface-raised)' }}
              contentStyle={{ background: 'var(--surface)', border: '1px solid var(--border)', borderRadius: 6, color: 'var(--foreground)', fontSize: 12 }}
              labelFormatter={(date) => dayjs(String(date)).format('D MMM YYYY')}
              formatter={(value) => [formatUsage(unit, Number(value)), name]}
            />
            {showQuota && <ReferenceLine y={included!} stroke="var(--warning)" strokeDasharray="4 4" label={{ value: 'Included', fill: 'var(--foreground-lighter)', fontSize: 11, position: 'insideTopRight' }} />}
            <Bar dataKey="value" fill="var(--brand)" radius={[2, 2, 0, 0]} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <figcaption className="sr-only">
        {name} per day, {daily.length} days, peak {formatUsage(unit, peak)}
        {included !== null ? `, ${formatUsage(unit, included)} included` : ''}
      </figcaption>
    </figure>
  )
}
