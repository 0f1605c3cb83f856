/** The panel's element id: its toggle names it (aria-controls) without loading the panel's code. */
export const AI_ASSISTANT_PANEL_ID = 'ai-assistant-panel'
