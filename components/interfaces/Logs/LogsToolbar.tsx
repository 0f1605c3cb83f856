/** The filters of the logs page: time range (presets or custom), level, text search, refresh and auto-refresh. */
import { RefreshCw } from 'lucide-react'
import { Button, Input, Select, Toggle } from '@/components/ui'
import { LOG_LEVELS, MAX_LOG_SEARCH } from '@/lib/api-types/logs'
import type { LogLevel } from '@/lib/api-types'
import { RANGE_PRESETS, toLocalInput, type RangeSelection } from './logs.utils'

export type LogsToolbarProps = {
  range: RangeSelection
  onRangeChange: (range: RangeSelection) => void
  level: LogLevel | undefined
  onLevelChange: (level: LogLevel | undefined) => void
  search: string
  onSearchChange: (search: string) => void
  autoRefresh: boolean
  onAutoRefreshChange: (on: boolean) => void
  onRefresh: () => void
  refreshing: boolean
}

const rangeOptions = [...RANGE_PRESETS.map((p) => ({ value: p.id, label: p.label })), { value: 'custom', label: 'Custom range' }]
const levelOptions = [{ value: '', label: 'All levels' }, ...LOG_LEVELS.map((l) => ({ value: l, label: l[0].toUpperCase() + l.slice(1) }))]

export function LogsToolbar(props: LogsToolbarProps) {
  const { range, onRangeChange } = props
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end gap-3">
        <Select
          label="Time range"
          options={rangeOptions}
          value={range.kind === 'preset' ? range.id : 'custom'}
          onChange={(event) => {
            const value = event.target.value
            if (value === 'custom') {
              const now = Date.now()
              onRangeChange({ kind: 'custom', start: toLocalInput(now - 3_600_000), end: toLocalInput(now) })
            } else onRangeChange({ kind: 'preset', id: value as 'hour' | 'day' | 'week' })
          }}
        />
        <Select
          label="Level"
          options={levelOptions}
          value={props.level ?? ''}
          onChange={(event) => props.onLevelChange((event.target.value || undefined) as LogLevel | undefined)}
        />
        <Input
          label="Search messages"
          type="search"
          placeholder="Text in the message"
          maxLength={MAX_LOG_SEARCH}
          value={props.search}
          onChange={(event) => props.onSearchChange(event.target.value.replace(/\u0000/g, ''))}
          containerClassName="min-w-0 flex-1 basis-48"
        />
        <div className="flex items-center gap-3">
          <Button type="default" onClick={props.onRefresh} loading={props.refreshing} icon={<RefreshCw size={14} />}>
            Refresh
          </Button>
          <Toggle checked={props.autoRefresh} onCheckedChange={props.onAutoRefreshChange} label="Auto-refresh" />
        </div>
      </div>
      {range.kind === 'custom' && (
        <div className="flex flex-wrap gap-3">
          <Input label="From" type="datetime-local" value={range.start} onChange={(e) => onRangeChange({ ...range, start: e.target.value })} />
          <Input label="To" type="datetime-local" value={range.end} onChange={(e) => onRangeChange({ ...range, end: e.target.value })} />
        </div>
      )}
    </div>
  )
}
