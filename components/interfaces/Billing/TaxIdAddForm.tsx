import { useState, type FormEvent } from 'react'
import { toast } from 'sonner'
import { Alert, Button, Input, Select } from '@/components/ui'
import { useTaxIdCreateMutation } from '@/data/billing/tax-id-create-mutation'
import { TAX_ID_TYPES, taxIdExample, taxIdProblem } from '@/lib/billing/tax-ids'

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' })
const countryName = (code: string) => {
  try {
    return `${regionNames.of(code) ?? code} (${code})`
  } catch {
    return code
  }
}

/**
 * Adding a tax id: its type, the country (one of those the type is for) and the value, checked
 * against the type's format here first and by the platform again; the platform's refusal is shown
 * as it came.
 */
export function TaxIdAddForm({ slug }: { slug: string }) {
  const [type, setType] = useState(TAX_ID_TYPES[0]?.type ?? '')
  const known = TAX_ID_TYPES.find((t) => t.type === type)
  const [country, setCountry] = useState(known?.countries[0] ?? '')
  const [value, setValue] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const create = useTaxIdCreateMutation({
    onSuccess: (taxId) => {
      toast.success(`Tax id ${taxId.value} added`)
      setValue('')
      setProblem(null)
    },
    // Shown beside the form, where the value can be corrected.
    onError: () => undefined,
  })

  const changeType = (next: string) => {
    setType(next)
    const countries = TAX_ID_TYPES.find((t) => t.type === next)?.countries ?? []
    if (!countries.includes(country)) setCountry(countries[0] ?? '')
    setProblem(null)
  }

  const submit = (e: FormEvent) => {
    e.preventDefault()
    const trimmed = value.trim()
    const found = taxIdProblem(type, trimmed, country)
    setProblem(found)
    if (found) return
    create.mutate({ slug, type, value: trimmed, country })
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Add a tax id" className="flex flex-col gap-3">
      <div className="grid gap-3 sm:grid-cols-3">
        <Select label="Type" name="type" value={type} onChange={(e) => changeType(e.target.value)} options={TAX_ID_TYPES.map((t) => ({ value: t.type, label: t.label }))} />
        <Select
          label="Country"
          name="country"
          value={country}
          onChange={(e) => {
            setCountry(e.target.value)
            setProblem(null)
          }}
          options={(known?.countries ?? []).map((code) => ({ value: code, label: countryName(code) }))}
        />
        <Input
          label="Value"
          name="value"
          value={value}
          placeholder={taxIdExample(type, country) ?? undefined}
          autoComplete="off"
          onChange={(e) => {
            setValue(e.target.value)
            setProblem(null)
          }}
          error={problem ?? undefined}
        />
      </div>
      {create.error && (
        <Alert variant="danger" title="The tax id was not added">
          {create.error.message}
        </Alert>
      )}
      <div className="flex justify-end">
        <Button htmlType="submit" type="primary" loading={create.isPending}>
          Add tax id
        </Button>
      </div>
    </form>
  )
}
