/**
 * Front-end settings that a deployment may want to change. The sidebar's Help Center item
 * opens this address in a new window (spec §2): the help pages served by this app
 * (pages/docs, texts in i18n/docs/<lang>/help.md).
 */
export const HELP_CENTER_URL = '/docs/help';

/** Widths of the sidebar (spec §9: 96 px expanded); collapsed it keeps only the icons. */
export const SIDEBAR_WIDTH = 96;
export const SIDEBAR_COLLAPSED_WIDTH = 56;

/** Below this width (or on a mobile user agent) the desktop-use notice shows. */
export const MOBILE_MAX_WIDTH = 768;
