// @vitest-environment node
import fs from 'node:fs'
import path from 'node:path'
import { browserRouteFiles } from '@/scripts/browser-routes.mjs'
import { routes } from '../routes'

describe('the browser route tables', () => {
  it('are as scripts/browser-routes.mjs writes them from the declarations (run it after changing a route)', async () => {
    const files = await browserRouteFiles()
    for (const [file, text] of Object.entries(files)) expect(fs.readFileSync(path.join(__dirname, file), 'utf8'), file).toBe(text)
    const onDisk = fs.readdirSync(__dirname).filter((f) => f.endsWith('.routes.ts'))
    expect(onDisk.sort()).toEqual(Object.keys(files).sort())
  })

  it('name every route of the platform with its method, path and auth', async () => {
    const tables = await Promise.all(fs.readdirSync(__dirname).filter((f) => f.endsWith('.routes.ts')).map((f) => import(/* @vite-ignore */ path.join(__dirname, f))))
    const browser = Object.assign({}, ...tables.flatMap((mod) => Object.values(mod))) as Record<string, { method: string; path: string; auth: string }>
    expect(Object.keys(browser).sort()).toEqual(Object.keys(routes).sort())
    for (const [name, route] of Object.entries(routes)) expect(browser[name], name).toEqual({ method: route.method, path: route.path, auth: route.auth })
  })
})
