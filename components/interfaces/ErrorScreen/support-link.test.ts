import {
  buildSupportLink,
  buildSupportMessage,
  isRemoveChildError,
  MAX_SUPPORT_MESSAGE_LENGTH,
} from './support-link'

const error = (message: string, stack?: string) => ({ name: 'TypeError', message, stack })

describe('buildSupportLink', () => {
  it('prefills category, subject and a message with path name and stack', () => {
    const link = buildSupportLink({
      pathname: '/project/[ref]/sql/[id]',
      error: error('x is undefined', 'TypeError: x is undefined\n    at Foo (foo.js:1:2)'),
    })
    expect(link).toBe(
      '/support/new?category=dashboard_bug' +
        '&subject=Client%20side%20exception%20occurred%20on%20dashboard' +
        '&message=' +
        encodeURIComponent('Path name: /project/[ref]/sql/[id]\n\nTypeError: x is undefined\n    at Foo (foo.js:1:2)'),
    )
    const params = new URL(link, 'http://localhost').searchParams
    expect(params.get('category')).toBe('dashboard_bug')
    expect(params.get('subject')).toBe('Client side exception occurred on dashboard')
    expect(params.get('message')).toBe(
      'Path name: /project/[ref]/sql/[id]\n\nTypeError: x is undefined\n    at Foo (foo.js:1:2)',
    )
  })

  it('encodes characters that would break the query string', () => {
    const link = buildSupportLink({ pathname: '/a&b=c#d?e', error: error('m', 'Error: 50% & more #1') })
    expect(link).not.toMatch(/[#\s]/)
    const params = new URL(link, 'http://localhost').searchParams
    expect(params.get('message')).toBe('Path name: /a&b=c#d?e\n\nError: 50% & more #1')
    expect([...params.keys()]).toEqual(['category', 'subject', 'message'])
  })
})

describe('buildSupportMessage', () => {
  it('falls back to name and message without a stack', () => {
    expect(buildSupportMessage({ pathname: '/projects', error: error('boom') })).toBe(
      'Path name: /projects\n\nTypeError: boom',
    )
  })

  it('truncates very long stacks', () => {
    const message = buildSupportMessage({ pathname: '/projects', error: error('boom', 'x'.repeat(20_000)) })
    expect(message.length).toBe(MAX_SUPPORT_MESSAGE_LENGTH)
    expect(message.startsWith('Path name: /projects\n\nxxx')).toBe(true)
    expect(message.endsWith('… (truncated)')).toBe(true)
  })
})

describe('isRemoveChildError', () => {
  it.each([
    ["Failed to execute 'removeChild' on 'Node': The node to be removed is not a child of this node.", true],
    ['Node.removeChild: The node to be removed is not a child of this node', true],
    ["Failed to execute 'insertBefore' on 'Node'", false],
    ['removeChild is not a function', false],
    ['Cannot read properties of undefined', false],
    ['', false],
    [undefined, false],
  ])('%s → %s', (message, expected) => expect(isRemoveChildError(message)).toBe(expected))
})
