import { userInitials } from './user-initials'

it.each([
  [{ username: 'Ada Lovelace', email: 'ada@example.com' }, 'AL'],
  [{ username: 'grace_hopper' }, 'GH'],
  [{ username: 'linus' }, 'LI'],
  [{ username: '', email: 'jean-luc.picard@example.com' }, 'JL'],
  [{ username: null, email: 'x@example.com' }, 'X'],
  [{ username: '  ', email: '' }, '?'],
  [{ username: 'élodie durand' }, 'ÉD'],
  [{ username: '😀 smile' }, '😀S'],
])('initials of %j are %s', (user, expected) => expect(userInitials(user)).toBe(expected))
