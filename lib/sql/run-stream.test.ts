import { RunStream } from './run-stream'

const columns = [
  { name: 'dup', dataTypeID: 25 },
  { name: 'dup', dataTypeID: 25 },
]

describe('RunStream', () => {
  it('builds one result per statement from the lines, rows growing batch by batch', () => {
    const run = new RunStream()
    run.apply({ type: 'columns', columns })
    run.apply({ type: 'rows', rows: [['a', 'b']] })
    expect(run.results[0].rows.length).toBe(1)
    expect(run.results[0].complete).toBe(false)
    run.apply({ type: 'rows', rows: [['c', 'd']] })
    run.apply({ type: 'complete', command: 'SELECT', rowCount: 2 })
    run.apply({ type: 'complete', command: 'CREATE TABLE', rowCount: null })
    run.apply({ type: 'notice', severity: 'NOTICE', message: 'skipping', hint: 'h' })
    expect(run.ended).toBe(false)
    run.apply({ type: 'end', durationMs: 5 })

    expect(run.ended).toBe(true)
    expect(run.durationMs).toBe(5)
    expect(run.rowsReceived).toBe(2)
    expect(run.results).toHaveLength(2)
    expect(run.results[0]).toMatchObject({ command: 'SELECT', rowCount: 2, complete: true })
    expect(run.results[0].rows.row(1)).toEqual(['c', 'd'])
    expect(run.results[1]).toMatchObject({ command: 'CREATE TABLE', rowCount: null, columns: [], complete: true })
    expect(run.notices).toEqual([{ severity: 'NOTICE', message: 'skipping', hint: 'h', code: undefined, detail: undefined }])
  })

  it('keeps the failure of an error line with its Postgres details', () => {
    const run = new RunStream()
    run.apply({ type: 'error', status: 400, message: 'division by zero', pg: { code: '22012' }, requestId: 'r1' })
    expect(run.ended).toBe(true)
    expect(run.failure).toEqual({ status: 400, message: 'division by zero', pg: { code: '22012' }, requestId: 'r1' })
  })

  it.each([['not an object'], [[1, 2]], [{ type: 'rows', rows: [[1]] }], [{ type: 'columns' }]])('refuses a line that is not one of ours: %j', (line) => {
    expect(() => new RunStream().apply(line)).toThrow()
  })

  it('skips line types it does not know', () => {
    const run = new RunStream()
    run.apply({ type: 'progress', percent: 50 })
    expect(run.results).toEqual([])
  })
})
