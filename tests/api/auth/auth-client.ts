/** @supabase/auth-js pointed at a test platform, with an outbox that catches the auth service's mails and SMS. */
import { GoTrueAdminApi, GoTrueClient } from '@supabase/auth-js'
import { signServiceToken } from '@/server/auth/jwt'
import type { Message } from '@/server/auth/mailer'
import type { TestPlatform } from '../../helpers/test-platform'

export type Outbox = {
  mails: Message[]
  sms: { to: string; text: string }[]
  /** The last message sent to `to`. */
  last(to: string): { text: string; code: string; link: string | null }
}

export function catchMessages(tp: TestPlatform): Outbox {
  const mails: Message[] = []
  const sms: { to: string; text: string }[] = []
  tp.platform.mailer = {
    sendMail: async (m) => void mails.push(m),
    sendSms: async (to, text) => void sms.push({ to, text }),
  }
  return {
    mails,
    sms,
    last(to) {
      const text = [...mails.filter((m) => m.to === to).map((m) => m.text), ...sms.filter((s) => s.to === to).map((s) => s.text)].at(-1)
      if (!text) throw new Error(`nothing was sent to ${to}`)
      return { text, code: /\b(\d{6})\b/.exec(text)![1], link: /(https?:\/\/\S+\/verify\?\S+)/.exec(text)?.[1] ?? null }
    },
  }
}

const memoryStorage = () => {
  const items = new Map<string, string>()
  return {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
  }
}

let n = 0
export function authClient(tp: TestPlatform, options: { flowType?: 'implicit' | 'pkce'; headers?: Record<string, string> } = {}) {
  return new GoTrueClient({
    url: `${tp.url}/auth/v1`,
    autoRefreshToken: false,
    persistSession: true,
    storage: memoryStorage(),
    storageKey: `test-${++n}`,
    flowType: options.flowType ?? 'implicit',
    headers: options.headers,
  })
}

export async function adminClient(tp: TestPlatform) {
  const key = await signServiceToken(tp.platform.jwtSecret, 3600)
  return new GoTrueAdminApi({ url: `${tp.url}/auth/v1`, headers: { Authorization: `Bearer ${key}`, apikey: key }, experimental: { passkey: true } })
}

let m = 0
export const newEmail = (label = 'user') => `${label}-${Date.now()}-${++m}@example.com`
export const STRONG = 'correct horse battery staple'
