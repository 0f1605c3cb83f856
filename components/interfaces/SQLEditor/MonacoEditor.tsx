/**
 * The bundled Monaco, for the browser only: import this module with `next/dynamic({ ssr: false })`.
 * `loader.config({ monaco })` makes @monaco-editor/react use this copy instead of fetching one from
 * a CDN, and the editor worker is bundled from node_modules (monaco-editor 0.57 exports it as
 * `monaco-editor/editor/editor.worker`). SQL needs no language worker.
 */
import { Editor, loader } from '@monaco-editor/react'
import * as monaco from 'monaco-editor'

self.MonacoEnvironment = {
  getWorker: () =>
    new Worker(new URL('monaco-editor/editor/editor.worker', import.meta.url), {
      type: 'module',
      name: 'monaco-editor-worker',
    }),
}

loader.config({ monaco })

export default Editor
