import { evaluateFlag } from './evaluate'

const alice = '2b7e1e8c-3c6e-4f6a-9a53-6f1f8f0a1b2c'
const bob = '9f1c2d3e-4a5b-4c6d-8e7f-0a1b2c3d4e5f'
const flag = {
  value: 'default',
  rules: [
    { userIds: [alice], value: 'first rule' },
    { userIds: [alice, bob], value: 'second rule' },
  ],
}

it.each([
  [null, 'default'],
  ['00000000-0000-4000-8000-000000000009', 'default'],
  [alice, 'first rule'],
  [alice.toUpperCase(), 'first rule'],
  [bob, 'second rule'],
])('user %s gets %s (the first rule naming them wins)', (user, expected) => {
  expect(evaluateFlag(flag, user)).toBe(expected)
})
