import { useState } from 'react'
import { INVALID_HTTP_URL_MESSAGE, isHttpUrl } from '@/lib/url'
import { Input, type InputProps } from './Input'

export type UrlInputProps = Omit<InputProps, 'type'>

/**
 * A text field for a web address (SPEC §5: http or https only). The rule's message shows once the
 * field has been left with a value that breaks it, so typing is not interrupted; an `error` given
 * by the form wins. An empty field is left to the form's own "required" rule.
 */
export function UrlInput({ error, onBlur, value, defaultValue, ...rest }: UrlInputProps) {
  const [touched, setTouched] = useState(false)
  const [uncontrolled, setUncontrolled] = useState(String(defaultValue ?? ''))
  const current = value === undefined ? uncontrolled : String(value)
  const ruleError = touched && current !== '' && !isHttpUrl(current) ? INVALID_HTTP_URL_MESSAGE : undefined

  return (
    <Input
      type="url"
      inputMode="url"
      autoComplete="url"
      spellCheck={false}
      placeholder="https://"
      {...rest}
      value={value}
      defaultValue={defaultValue}
      error={error ?? ruleError}
      onChange={(event) => {
        if (value === undefined) setUncontrolled(event.target.value)
        rest.onChange?.(event)
      }}
      onBlur={(event) => {
        setTouched(true)
        onBlur?.(event)
      }}
    />
  )
}
