/** The 2D windows' ids: kept in local storage and in test ids (never rename one). */
export const EDITOR_WINDOW_ID = 'workspace2d';
export const PREVIEW_WINDOW_ID = 'viewer2d';
