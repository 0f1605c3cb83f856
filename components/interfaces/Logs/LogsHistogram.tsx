/**
 * Events per bucket over the range (recharts), errors and warnings stacked apart from the rest.
 * Colours come from the theme's CSS variables, so light and dark follow; the caption describes it
 * for screen readers.
 */
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import dayjs from 'dayjs'
import type { LogHistogramBucket } from '@/lib/api-types'

export function LogsHistogram({ buckets, bucketSeconds }: { buckets: LogHistogramBucket[]; bucketSeconds: number }) {
  const data = buckets.map((b) => ({ timestamp: b.timestamp, other: b.count - b.errors - b.warnings, warnings: b.warnings, errors: b.errors }))
  const total = buckets.reduce((sum, b) => sum + b.count, 0)
  const format = bucketSeconds >= 86_400 ? 'D MMM' : bucketSeconds >= 3600 ? 'D MMM HH:mm' : 'HH:mm'
  return (
    <figure className="m-0" aria-label="Events over time">
      <div style={{ height: 120 }} className="w-full overflow-hidden text-foreground-lighter">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
            <CartesianGrid vertical={false} stroke="var(--border)" strokeDasharray="3 3" />
            <XAxis
              dataKey="timestamp"
              tickFormatter={(t: string) => dayjs(t).format(format)}
              tick={{ fill: 'var(--foreground-lighter)', fontSize: 11 }}
              stroke="var(--border)"
              minTickGap={24}
            />
            <YAxis width={40} allowDecimals={false} tick={{ fill: 'var(--foreground-lighter)', fontSize: 11 }} stroke="var(--border)" />
            <Tooltip
              cursor={{ fill: 'var(--surface-raised)' }}
              contentStyle={{ background: 'var(--surface)', border: '1px solid var(--border)', borderRadius: 6, color: 'var(--foreground)', fontSize: 12 }}
              labelFormatter={(t) => dayjs(String(t)).format('D MMM YYYY, HH:mm:ss')}
            />
            <Bar dataKey="other" name="Info" stackId="level" fill="var(--brand)" isAnimationActive={false} />
            <Bar dataKey="warnings" name="Warnings" stackId="level" fill="var(--warning)" isAnimationActive={false} />
            <Bar dataKey="errors" name="Errors" stackId="level" fill="var(--destructive)" isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <figcaption className="sr-only">
        {total} events in {buckets.length} intervals of {bucketSeconds} seconds
      </figcaption>
    </figure>
  )
}
