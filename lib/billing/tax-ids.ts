/**
 * Tax ids an organization's statements carry, by type (the names card processors use: eu_vat,
 * gb_vat, us_ein, au_abn …): which countries each is for and the format of its value.
 *
 * Values are checked without spaces, dots, dashes or slashes and upper-cased (`compactTaxIdValue`),
 * so "de 123.456.789" is DE123456789. `normalizeTaxIdValue` gives the form to store and show: the
 * compact one, or the written form where the type has one (12-3456789 for a US EIN,
 * CHE-123.456.789 MWST for a Swiss VAT number), so that one id is never stored two ways.
 * This module is imported by the API contract: it must stay free of other imports.
 */
export type TaxIdType = {
  type: string
  label: string
  /** ISO 3166-1 alpha-2 codes the type is for. */
  countries: readonly string[]
  /** A valid value, as shown in placeholders and messages (for eu_vat: the German one). */
  example: string
}

type Format = { pattern: RegExp; example: string }

type Definition = TaxIdType & {
  /** 'A' or 'An' before the label, for messages. */
  article: 'A' | 'An'
  /** The value's format for a country of the type. */
  format: (country: string) => Format
  /** Whether the check digits of a compact value that has the format match. */
  checksum?: (compact: string) => boolean
  /** The written form of a compact value that has the format, when it is not the compact one. */
  written?: (compact: string) => string
}

/**
 * EU VAT numbers per member country: the VAT prefix (Greece uses EL) and what follows it.
 * Formats as the EU's VAT number validation service describes them, without the check digits.
 */
const EU_VAT: Record<string, Format> = {
  AT: { pattern: /^ATU\d{8}$/, example: 'ATU12345678' },
  BE: { pattern: /^BE[01]\d{9}$/, example: 'BE0123456789' },
  BG: { pattern: /^BG\d{9,10}$/, example: 'BG123456789' },
  CY: { pattern: /^CY\d{8}[A-Z]$/, example: 'CY12345678L' },
  CZ: { pattern: /^CZ\d{8,10}$/, example: 'CZ12345678' },
  DE: { pattern: /^DE\d{9}$/, example: 'DE123456789' },
  DK: { pattern: /^DK\d{8}$/, example: 'DK12345678' },
  EE: { pattern: /^EE\d{9}$/, example: 'EE123456789' },
  ES: { pattern: /^ES[A-Z0-9]\d{7}[A-Z0-9]$/, example: 'ESA1234567Z' },
  FI: { pattern: /^FI\d{8}$/, example: 'FI12345678' },
  FR: { pattern: /^FR[A-Z0-9]{2}\d{9}$/, example: 'FRAB123456789' },
  GR: { pattern: /^EL\d{9}$/, example: 'EL123456789' },
  HR: { pattern: /^HR\d{11}$/, example: 'HR12345678901' },
  HU: { pattern: /^HU\d{8}$/, example: 'HU12345678' },
  IE: { pattern: /^IE(\d{7}[A-W][A-I]?|\d[A-Z+*]\d{5}[A-W])$/, example: 'IE1234567T' },
  IT: { pattern: /^IT\d{11}$/, example: 'IT12345678901' },
  LT: { pattern: /^LT(\d{9}|\d{12})$/, example: 'LT123456789' },
  LU: { pattern: /^LU\d{8}$/, example: 'LU12345678' },
  LV: { pattern: /^LV\d{11}$/, example: 'LV12345678901' },
  MT: { pattern: /^MT\d{8}$/, example: 'MT12345678' },
  NL: { pattern: /^NL\d{9}B\d{2}$/, example: 'NL123456789B01' },
  PL: { pattern: /^PL\d{10}$/, example: 'PL1234567890' },
  PT: { pattern: /^PT\d{9}$/, example: 'PT123456789' },
  RO: { pattern: /^RO\d{2,10}$/, example: 'RO1234567891' },
  SE: { pattern: /^SE\d{10}01$/, example: 'SE123456789701' },
  SI: { pattern: /^SI\d{8}$/, example: 'SI12345678' },
  SK: { pattern: /^SK\d{10}$/, example: 'SK1234567890' },
}

const digits = (value: string) => [...value].map(Number)

/** ABN: subtract 1 from the first digit, weigh the digits, the sum is a multiple of 89. */
function abnChecksum(compact: string): boolean {
  const weights = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19]
  const sum = digits(compact).reduce((total, digit, i) => total + (i === 0 ? digit - 1 : digit) * weights[i], 0)
  return sum % 89 === 0
}

/** CNPJ: two check digits, each mod 11 over the digits before it; a number of one repeated digit is not valid. */
function cnpjChecksum(compact: string): boolean {
  if (/^(\d)\1+$/.test(compact)) return false
  const checkDigit = (body: number[]) => {
    const weights = body.map((_, i) => [2, 3, 4, 5, 6, 7, 8, 9][(body.length - 1 - i) % 8])
    const rest = body.reduce((total, digit, i) => total + digit * weights[i], 0) % 11
    return rest < 2 ? 0 : 11 - rest
  }
  const all = digits(compact)
  const first = checkDigit(all.slice(0, 12))
  return first === all[12] && checkDigit(all.slice(0, 13)) === all[13]
}

/** One format for the single country of a type. */
const only = (pattern: RegExp, example: string) => () => ({ pattern, example })

const DEFINITIONS: readonly Definition[] = [
  {
    type: 'eu_vat',
    label: 'EU VAT number',
    article: 'An',
    countries: Object.keys(EU_VAT),
    example: EU_VAT.DE.example,
    format: (country) => EU_VAT[country],
  },
  {
    type: 'gb_vat',
    label: 'UK VAT number',
    article: 'A',
    countries: ['GB'],
    example: 'GB123456789',
    format: only(/^GB(\d{9}|\d{12}|GD\d{3}|HA\d{3})$/, 'GB123456789'),
  },
  {
    type: 'us_ein',
    label: 'US EIN',
    article: 'A',
    countries: ['US'],
    example: '12-3456789',
    format: only(/^\d{9}$/, '12-3456789'),
    written: (compact) => `${compact.slice(0, 2)}-${compact.slice(2)}`,
  },
  {
    type: 'au_abn',
    label: 'Australian Business Number (ABN)',
    article: 'An',
    countries: ['AU'],
    example: '51824753556',
    format: only(/^\d{11}$/, '51824753556'),
    checksum: abnChecksum,
  },
  {
    type: 'ca_bn',
    label: 'Canadian Business Number (BN)',
    article: 'A',
    countries: ['CA'],
    example: '123456789',
    format: only(/^\d{9}$/, '123456789'),
  },
  {
    type: 'ch_vat',
    label: 'Swiss VAT number',
    article: 'A',
    countries: ['CH'],
    example: 'CHE-123.456.789 MWST',
    format: only(/^CHE\d{9}(MWST|TVA|IVA)$/, 'CHE-123.456.789 MWST'),
    written: (compact) => `CHE-${compact.slice(3, 6)}.${compact.slice(6, 9)}.${compact.slice(9, 12)} ${compact.slice(12)}`,
  },
  {
    type: 'no_vat',
    label: 'Norwegian VAT number',
    article: 'A',
    countries: ['NO'],
    example: '123456789MVA',
    format: only(/^\d{9}MVA$/, '123456789MVA'),
  },
  {
    type: 'in_gst',
    label: 'Indian GST number',
    article: 'An',
    countries: ['IN'],
    example: '12ABCDE3456FGZH',
    format: only(/^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/, '12ABCDE3456FGZH'),
  },
  {
    type: 'jp_cn',
    label: 'Japanese Corporate Number',
    article: 'A',
    countries: ['JP'],
    example: '1234567891234',
    format: only(/^\d{13}$/, '1234567891234'),
  },
  {
    type: 'nz_gst',
    label: 'New Zealand GST number',
    article: 'A',
    countries: ['NZ'],
    example: '123456789',
    format: only(/^\d{8,9}$/, '123456789'),
  },
  {
    type: 'sg_uen',
    label: 'Singapore UEN',
    article: 'A',
    countries: ['SG'],
    example: '123456789F',
    format: only(/^(\d{8}[A-Z]|\d{9}[A-Z]|[RST]\d{2}[A-Z]{2}\d{4}[A-Z])$/, '123456789F'),
  },
  {
    type: 'za_vat',
    label: 'South African VAT number',
    article: 'A',
    countries: ['ZA'],
    example: '4123456789',
    format: only(/^4\d{9}$/, '4123456789'),
  },
  {
    type: 'br_cnpj',
    label: 'Brazilian CNPJ',
    article: 'A',
    countries: ['BR'],
    example: '11.222.333/0001-81',
    format: only(/^\d{14}$/, '11.222.333/0001-81'),
    checksum: cnpjChecksum,
    written: (c) => `${c.slice(0, 2)}.${c.slice(2, 5)}.${c.slice(5, 8)}/${c.slice(8, 12)}-${c.slice(12)}`,
  },
  {
    type: 'mx_rfc',
    label: 'Mexican RFC',
    article: 'A',
    countries: ['MX'],
    example: 'ABC010203AB9',
    format: only(/^[A-ZÑ&]{3,4}\d{6}[A-Z0-9]{3}$/, 'ABC010203AB9'),
  },
  {
    type: 'kr_brn',
    label: 'Korean Business Registration Number',
    article: 'A',
    countries: ['KR'],
    example: '123-45-67890',
    format: only(/^\d{10}$/, '123-45-67890'),
    written: (c) => `${c.slice(0, 3)}-${c.slice(3, 5)}-${c.slice(5)}`,
  },
  {
    type: 'ae_trn',
    label: 'UAE Tax Registration Number (TRN)',
    article: 'A',
    countries: ['AE'],
    example: '123456789012345',
    format: only(/^\d{15}$/, '123456789012345'),
  },
]

export const TAX_ID_TYPES: readonly TaxIdType[] = DEFINITIONS.map(({ type, label, countries, example }) => ({ type, label, countries, example }))

export const TAX_ID_TYPE_NAMES = TAX_ID_TYPES.map((t) => t.type)

const definitionOf = (type: string) => DEFINITIONS.find((d) => d.type === type)

/** A value as it is checked: without spaces, dots, dashes or slashes, upper-cased. */
export const compactTaxIdValue = (value: string) => value.replace(/[\s.\-/]/g, '').toUpperCase()

/**
 * The value to store and show for a tax id of `type`: its written form when it has the type's
 * format (12-3456789, CHE-123.456.789 MWST), else the compact value. Two spellings of one id
 * give the same result, so a duplicate is found by comparing stored values.
 */
export function normalizeTaxIdValue(type: string, value: string): string {
  const compact = compactTaxIdValue(value)
  const definition = definitionOf(type)
  if (!definition?.written) return compact
  const matchesSomeCountry = definition.countries.some((country) => definition.format(country).pattern.test(compact))
  return matchesSomeCountry ? definition.written(compact) : compact
}

/** What a valid value of `type` looks like in `country`, for a placeholder ("DE123456789"); null for an unknown type. */
export function taxIdExample(type: string, country?: string): string | null {
  const definition = definitionOf(type)
  if (!definition) return null
  return country && definition.countries.includes(country) ? definition.format(country).example : definition.example
}

function wrongCountry(definition: Definition, country: string): string {
  const countries = definition.type === 'eu_vat' ? `an EU member country (${definition.countries.join(', ')})` : definition.countries.join(', ')
  const instead = DEFINITIONS.filter((d) => d.countries.includes(country)).map((d) => d.type)
  const hint = instead.length > 0 ? `. For ${country}, use ${instead.join(' or ')}` : ''
  return `${definition.article} ${definition.label} is for ${countries}, not ${country}${hint}`
}

/**
 * Why a tax id is not valid, in words a person understands; null when it is. `type` is expected
 * lower-case and `country` upper-case (the API contract does so); the value is compacted here.
 */
export function taxIdProblem(type: string, value: string, country: string): string | null {
  const definition = definitionOf(type)
  if (!definition) return `type must be one of ${TAX_ID_TYPE_NAMES.join(', ')}`
  if (!definition.countries.includes(country)) return wrongCountry(definition, country)
  const { pattern, example } = definition.format(country)
  const compact = compactTaxIdValue(value)
  if (!compact) return `Enter the ${definition.label}, e.g. ${example}`
  if (!pattern.test(compact)) {
    const where = definition.countries.length > 1 ? ` for ${country}` : ''
    return `${definition.article} ${definition.label}${where} looks like ${example}`
  }
  if (definition.checksum && !definition.checksum(compact))
    return `This ${definition.label} is not valid: its check digits do not match. Check it for a typo.`
  return null
}
