/**
 * supabase-js as an application would create it, for a project URL and key. Node 20 has no
 * WebSocket of its own, and supabase-js makes its realtime client up front: `ws` stands in.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import WebSocket from 'ws'

export function appClient(url: string, key: string): SupabaseClient {
  return createClient(url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  })
}
