import { FUNCTION_SLUG } from '@/lib/api-types/functions'
import { FUNCTION_TEMPLATES, functionTemplate } from './templates'
import { invokeSnippets } from './invoke-snippets'

describe('function templates', () => {
  it('each serves with Deno.serve under a valid name, the webhook without verify_jwt', () => {
    for (const template of FUNCTION_TEMPLATES) {
      expect(template.code).toContain('Deno.serve(')
      expect(template.slug).toMatch(FUNCTION_SLUG)
    }
    expect(FUNCTION_TEMPLATES.filter((t) => !t.verifyJwt).map((t) => t.id)).toEqual(['webhook'])
    expect(functionTemplate('nope').id).toBe('hello-world')
  })

  it('pass the caller\'s token on in the database template, so RLS applies', () => {
    expect(functionTemplate('supabase-query').code).toMatch(/Authorization: req\.headers\.get\('Authorization'\)/)
  })
})

describe('invoke snippets', () => {
  it('call the function at the project URL with the anon key, or a placeholder', () => {
    const { supabaseJs, curl } = invokeSnippets({ projectUrl: 'http://localhost:3000/p/abc', slug: 'hello', anonKey: 'KEY' })
    expect(supabaseJs).toContain("createClient('http://localhost:3000/p/abc', 'KEY')")
    expect(supabaseJs).toContain("functions.invoke('hello'")
    expect(curl).toContain("curl -X POST 'http://localhost:3000/p/abc/functions/v1/hello'")
    expect(invokeSnippets({ projectUrl: 'u', slug: 's', anonKey: null }).curl).toContain('Bearer <anon key>')
  })
})
