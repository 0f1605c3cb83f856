/** The current project's snippets the menu lists (the latest changed first). */
export const SNIPPETS_IN_MENU = 20

export const COMMAND_MENU_LABEL = 'Command menu'
export const COMMAND_MENU_PLACEHOLDER = 'Type a command or search the docs…'
