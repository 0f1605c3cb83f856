// @vitest-environment happy-dom
import { fireEvent, render, screen } from '@testing-library/react'
import { INVALID_HTTP_URL_MESSAGE } from '@/lib/url'
import { UrlInput } from './UrlInput'

describe('UrlInput', () => {
  it('says nothing while typing, and the http(s) rule once the field is left', () => {
    render(<UrlInput label="Webhook URL" />)
    const input = screen.getByLabelText('Webhook URL')
    fireEvent.change(input, { target: { value: 'ftp://example.com' } })
    expect(screen.queryByText(INVALID_HTTP_URL_MESSAGE)).not.toBeInTheDocument()
    fireEvent.blur(input)
    expect(screen.getByText(INVALID_HTTP_URL_MESSAGE)).toBeInTheDocument()
    expect(input).toHaveAttribute('aria-invalid', 'true')

    fireEvent.change(input, { target: { value: 'https://example.com/hook' } })
    expect(screen.queryByText(INVALID_HTTP_URL_MESSAGE)).not.toBeInTheDocument()
  })

  it('leaves an empty field to the form, and a given error wins', () => {
    const { rerender } = render(<UrlInput label="Site" value="" onChange={() => undefined} />)
    fireEvent.blur(screen.getByLabelText('Site'))
    expect(screen.queryByRole('paragraph')).not.toBeInTheDocument()
    expect(screen.getByLabelText('Site')).not.toHaveAttribute('aria-invalid')

    rerender(<UrlInput label="Site" value="javascript:alert(1)" onChange={() => undefined} error="Taken" />)
    expect(screen.getByText('Taken')).toBeInTheDocument()
  })

  it('checks a controlled value', () => {
    render(<UrlInput label="Site" value="javascript:alert(1)" onChange={() => undefined} />)
    fireEvent.blur(screen.getByLabelText('Site'))
    expect(screen.getByText(INVALID_HTTP_URL_MESSAGE)).toBeInTheDocument()
  })
})
