import { resetClientStores } from './reset'
import { setSnippetSql, sqlEditorState } from './sql-editor'

it('forgets the SQL editor text of the last user', () => {
  setSnippetSql('abc/new', 'select secret from payroll')
  resetClientStores()
  expect(sqlEditorState.snippets).toEqual({})
})
