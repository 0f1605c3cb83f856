/** The panel's element id: its toggle names it (aria-controls) without loading the panel's code. */
export const EDITOR_PANEL_ID = 'editor-panel'
