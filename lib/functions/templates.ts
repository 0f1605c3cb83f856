/**
 * What a new function starts from on Edge Functions → New: each template is one `index.ts`, and
 * whether the function checks the caller's JWT (a webhook's sender has none: it signs its own).
 */
export type FunctionTemplate = { id: string; title: string; description: string; slug: string; verifyJwt: boolean; code: string }

export const FUNCTION_TEMPLATES: readonly FunctionTemplate[] = [
  {
    id: 'hello-world',
    title: 'Hello world',
    description: 'Answers JSON with the name it is sent.',
    slug: 'hello-world',
    verifyJwt: true,
    code: `// Answers { message } for a JSON body { name }.
Deno.serve(async (req) => {
  const { name = 'world' } = await req.json().catch(() => ({}))
  console.log(\`Saying hello to \${name}\`)
  return Response.json({ message: \`Hello \${name}!\` })
})
`,
  },
  {
    id: 'supabase-query',
    title: 'Query the database as the caller',
    description: "supabase-js with the caller's JWT, so the tables' RLS policies apply.",
    slug: 'my-rows',
    verifyJwt: true,
    code: `import { createClient } from 'npm:@supabase/supabase-js@2'

// The caller's token goes on with every query: RLS sees auth.uid() as the signed-in user.
Deno.serve(async (req) => {
  const supabase = createClient(Deno.env.get('SUPABASE_URL')!, Deno.env.get('SUPABASE_ANON_KEY')!, {
    global: { headers: { Authorization: req.headers.get('Authorization') ?? '' } },
  })
  const { data: { user } } = await supabase.auth.getUser()
  // Change the table to one of yours.
  const { data, error } = await supabase.from('todos').select('*').limit(10)
  if (error) return Response.json({ error: error.message }, { status: 400 })
  return Response.json({ user: user?.id ?? null, rows: data })
})
`,
  },
  {
    id: 'webhook',
    title: 'Webhook receiver',
    description: 'Takes POSTs without a JWT and checks an HMAC signature made with the WEBHOOK_SECRET secret.',
    slug: 'webhook',
    verifyJwt: false,
    code: `// verify_jwt is off: the sender signs the body with WEBHOOK_SECRET (Edge Functions → Secrets).
const encoder = new TextEncoder()

async function signatureOf(body: string, secret: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign'])
  const mac = await crypto.subtle.sign('HMAC', key, encoder.encode(body))
  return Array.from(new Uint8Array(mac), (b) => b.toString(16).padStart(2, '0')).join('')
}

Deno.serve(async (req) => {
  if (req.method !== 'POST') return new Response('Send a POST', { status: 405 })
  const body = await req.text()
  const secret = Deno.env.get('WEBHOOK_SECRET')
  if (secret && req.headers.get('x-signature') !== (await signatureOf(body, secret))) {
    return new Response('Bad signature', { status: 401 })
  }
  console.log('Webhook received', body.slice(0, 200))
  return Response.json({ received: true })
})
`,
  },
]

export const functionTemplate = (id: string | undefined) => FUNCTION_TEMPLATES.find((t) => t.id === id) ?? FUNCTION_TEMPLATES[0]
