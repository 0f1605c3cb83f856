import { hotkeyLabel, isCommandMenuHotkey, isMacPlatform } from './hotkey'

const key = (k: string, mods: Partial<Record<'metaKey' | 'ctrlKey' | 'altKey' | 'shiftKey', boolean>> = {}) => ({
  key: k,
  metaKey: false,
  ctrlKey: false,
  altKey: false,
  shiftKey: false,
  ...mods,
})

describe('isCommandMenuHotkey', () => {
  it.each([
    ['meta+k on a Mac', key('k', { metaKey: true }), true, true],
    ['meta+K (caps lock) on a Mac', key('K', { metaKey: true }), true, true],
    ['ctrl+k on a Mac', key('k', { ctrlKey: true }), true, false],
    ['k alone', key('k'), true, false],
    ['meta+shift+k', key('k', { metaKey: true, shiftKey: true }), true, false],
    ['meta+alt+k', key('k', { metaKey: true, altKey: true }), true, false],
    ['meta+j', key('j', { metaKey: true }), true, false],
    ['ctrl+k elsewhere', key('k', { ctrlKey: true }), false, true],
    ['meta+k elsewhere (the system key)', key('k', { metaKey: true }), false, false],
    ['ctrl+meta+k elsewhere', key('k', { ctrlKey: true, metaKey: true }), false, false],
  ])('%s → %s', (_, event, isMac, expected) => {
    expect(isCommandMenuHotkey(event, { isMac })).toBe(expected)
  })

  it('takes another key when configured', () => {
    expect(isCommandMenuHotkey(key('p', { metaKey: true }), { key: 'p', isMac: true })).toBe(true)
    expect(isCommandMenuHotkey(key('k', { metaKey: true }), { key: 'p', isMac: true })).toBe(false)
  })
})

describe('isMacPlatform and hotkeyLabel', () => {
  it.each([
    [{ platform: 'MacIntel', userAgent: '' }, true],
    [{ platform: 'iPhone', userAgent: '' }, true],
    [{ platform: 'Win32', userAgent: '' }, false],
    [{ platform: '', userAgent: 'Mozilla/5.0 (X11; Linux x86_64)' }, false],
    [{ platform: '', userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0)' }, true],
    [{ platform: 'Linux x86_64', userAgent: '', userAgentData: { platform: 'macOS' } }, true],
  ])('%j → %s', (nav, expected) => {
    expect(isMacPlatform(nav)).toBe(expected)
  })

  it.each([
    [true, '⌘K'],
    [false, 'Ctrl+K'],
  ])('mac %s → %s', (isMac, label) => {
    expect(hotkeyLabel('k', isMac)).toBe(label)
  })
})
