import { useEffect, useState } from 'react'

/** `value` once it stopped changing for `ms`: filters typed letter by letter ask the database once. */
export function useSettledValue<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms)
    return () => clearTimeout(timer)
  }, [value, ms])
  return settled
}
