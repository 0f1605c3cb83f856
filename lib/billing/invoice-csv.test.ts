import { describe, expect, it } from 'vitest'
import type { Invoice } from '../api-types/billing'
import { invoiceCsv, invoiceCsvFilename } from './invoice-csv'

const statement = (lines: Invoice['lines'], totals: Pick<Invoice, 'subtotal' | 'credits' | 'total'>): Invoice => ({
  id: '2026-03',
  period_start: '2026-03-01T00:00:00.000Z',
  period_end: '2026-04-01T00:00:00.000Z',
  status: 'issued',
  currency: 'USD',
  lines,
  ...totals,
})

describe('invoiceCsv', () => {
  it('writes a header, a row per line, then subtotal, credits and total, with CRLF line ends', () => {
    const csv = invoiceCsv(
      statement(
        [
          { description: 'Pro plan', quantity: 1, unit: 'month', unit_price: null, amount: 25 },
          { description: 'Compute hours', quantity: 744, unit: 'hours', unit_price: 0.01344, amount: 9.99936 },
          { description: 'Monthly active users beyond the included amount', quantity: 1000, unit: 'MAU', unit_price: 0.00325, amount: 3.25 },
        ],
        { subtotal: 38.25, credits: 10, total: 28.25 }
      )
    )
    expect(csv).toBe(
      [
        'Description,Quantity,Unit,Unit price (USD),Amount (USD)',
        'Pro plan,1,month,,25.00',
        'Compute hours,744,hours,0.01344,10.00',
        'Monthly active users beyond the included amount,1000,MAU,0.00325,3.25',
        'Subtotal,,,,38.25',
        'Credits,,,,-10.00',
        'Total,,,,28.25',
        '',
      ].join('\r\n')
    )
  })

  it('quotes fields with a comma, a quote or a line break, doubling the quotes', () => {
    const csv = invoiceCsv(
      statement([{ description: 'Egress, "SQL API"\nbeyond 250 GB', quantity: 1.5, unit: 'GB', unit_price: 0.09, amount: 0.135 }], {
        subtotal: 0.14,
        credits: 0,
        total: 0.14,
      })
    )
    const [, line] = csv.split('\r\n')
    expect(line).toBe('"Egress, ""SQL API""\nbeyond 250 GB",1.5,GB,0.09,0.14')
    expect(csv).toContain('\r\nCredits,,,,0.00\r\n')
  })

  it.each([
    ['=HYPERLINK("http://evil.example","x")', `"'=HYPERLINK(""http://evil.example"",""x"")"`],
    ['+1+1', "'+1+1"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1:A2)', "'@SUM(A1:A2)"],
    ['\tcmd', "'\tcmd"],
    ['Egress = bytes answered', 'Egress = bytes answered'],
  ])('a text cell %j cannot run as a formula: %s', (description, field) => {
    const csv = invoiceCsv(statement([{ description, quantity: 1, unit: '=1+1', unit_price: 1, amount: 1 }], { subtotal: 1, credits: 0, total: 1 }))
    expect(csv.split('\r\n')[1]).toBe(`${field},1,'=1+1,1.00,1.00`)
  })

  it('writes numbers plainly: credits negative, cents rounded half up, tiny unit prices without an exponent', () => {
    const csv = invoiceCsv(statement([{ description: 'x', quantity: 0.0000001, unit: 'GB', unit_price: 0.000002, amount: 1.005 }], { subtotal: 1.01, credits: -2, total: -0.99 }))
    expect(csv.split('\r\n').slice(1, 5)).toEqual(['x,0,GB,0.000002,1.01', 'Subtotal,,,,1.01', 'Credits,,,,-2.00', 'Total,,,,-0.99'])
  })
})

describe('invoiceCsvFilename', () => {
  it.each([
    ['acme', 'acme-statement-2026-03.csv'],
    ['vercel_acme', 'vercel_acme-statement-2026-03.csv'],
    ['../etc/passwd', 'etc-passwd-statement-2026-03.csv'],
    ['', 'organization-statement-2026-03.csv'],
  ])('%s → %s', (slug, name) => expect(invoiceCsvFilename(slug, { id: '2026-03' })).toBe(name))
})
