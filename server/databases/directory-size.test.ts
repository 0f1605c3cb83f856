// @vitest-environment node
import { mkdtemp, mkdir, rm, writeFile, symlink } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { directorySizeBytes } from './directory-size'

describe('directorySizeBytes', () => {
  const dirs: string[] = []
  afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))))

  it('adds up the files below a dir, nested dirs included, and does not follow links', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'size-'))
    dirs.push(dir)
    await mkdir(path.join(dir, 'base', '1'), { recursive: true })
    await writeFile(path.join(dir, 'PG_VERSION'), '17\n')
    await writeFile(path.join(dir, 'base', '1', '1259'), Buffer.alloc(8192))
    await symlink('/etc', path.join(dir, 'elsewhere'))
    expect(await directorySizeBytes(dir)).toBe(3 + 8192)
  })

  it('answers 0 for a dir that does not exist', async () => {
    expect(await directorySizeBytes(path.join(os.tmpdir(), 'no-such-dir-' + Date.now()))).toBe(0)
  })
})
