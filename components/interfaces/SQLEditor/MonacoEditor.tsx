/**
 * The bundled Monaco, for the browser only: import this module with `next/dynamic({ ssr: false })`.
 * `loader.config({ monaco })` makes @monaco-editor/react use this copy instead of fetching one from
 * a CDN, and the editor worker is bundled from node_modules (monaco-editor 0.57 exports it as
 * `monaco-editor/editor/editor.worker`). SQL needs no language worker.
 *
 * Only SQL and edge functions' TypeScript are edited here, so this loads Monaco's core API with
 * those two grammars (colouring only: no TypeScript language service and its worker) and the
 * editing features a code editor uses, not the whole package (`import 'monaco-editor'`: every language,
 * the TypeScript, JSON, CSS and HTML services, the diff editor, code lenses, colour pickers …):
 * about 1.3 MB less script for the browser to parse and run each time the editor opens.
 */
import { Editor, loader } from '@monaco-editor/react'
import * as monaco from 'monaco-editor/editor/editor.api'
import 'monaco-editor/features/codicon/register'
import 'monaco-editor/languages/definitions/sql/register'
import 'monaco-editor/languages/definitions/typescript/register'
// Typing and moving around: what every editor does.
import 'monaco-editor/editor/browser/coreCommands'
import 'monaco-editor/editor/contrib/caretOperations/browser/caretOperations'
import 'monaco-editor/features/caretOperations/register'
import 'monaco-editor/features/cursorUndo/register'
import 'monaco-editor/features/lineSelection/register'
import 'monaco-editor/features/linesOperations/register'
import 'monaco-editor/features/multicursor/register'
import 'monaco-editor/features/smartSelect/register'
import 'monaco-editor/features/wordOperations/register'
import 'monaco-editor/features/wordPartOperations/register'
import 'monaco-editor/features/indentation/register'
import 'monaco-editor/features/comment/register'
import 'monaco-editor/features/bracketMatching/register'
import 'monaco-editor/features/folding/register'
import 'monaco-editor/features/wordHighlighter/register'
import 'monaco-editor/features/tokenization/register'
// Clipboard, drag and drop, the right-click menu.
import 'monaco-editor/features/clipboard/register'
import 'monaco-editor/editor/contrib/dropOrPasteInto/browser/copyPasteContribution'
import 'monaco-editor/features/dropOrPasteInto/register'
import 'monaco-editor/features/dnd/register'
import 'monaco-editor/features/contextmenu/register'
// Find and replace (Ctrl/Cmd+F).
import 'monaco-editor/features/find/register'
// Completion of tables and columns (useSchemaCompletion), with its snippets.
import 'monaco-editor/editor/contrib/suggest/browser/suggestController'
import 'monaco-editor/features/suggest/register'
import 'monaco-editor/features/snippet/register'
// A failed run's error marker: its message on hover, F8 to go to it.
import 'monaco-editor/features/hover/register'
import 'monaco-editor/features/gotoError/register'
import 'monaco-editor/editor/contrib/gotoError/browser/markerSelectionStatus'
import 'monaco-editor/features/format/register'
// The editor's own command palette (F1), as in the right-click menu, and Go to Line (Ctrl+G): an
// error names its line.
import 'monaco-editor/features/quickCommand/register'
import 'monaco-editor/features/gotoLine/register'
// Links in comments open on Ctrl/Cmd+click; invisible or look-alike characters in pasted SQL are
// pointed out.
import 'monaco-editor/features/links/register'
import 'monaco-editor/features/unicodeHighlighter/register'
// The empty editor's placeholder, the read-only note, Ctrl+M to move focus with Tab.
import 'monaco-editor/features/placeholderText/register'
import 'monaco-editor/features/readOnlyMessage/register'
import 'monaco-editor/features/toggleTabFocusMode/register'

self.MonacoEnvironment = {
  getWorker: () =>
    new Worker(new URL('monaco-editor/editor/editor.worker', import.meta.url), {
      type: 'module',
      name: 'monaco-editor-worker',
    }),
}

loader.config({ monaco })

export default Editor
