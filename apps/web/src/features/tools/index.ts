/** The tools feature's public API for pages and other features (everything else here is private). */
export type { GuideItem } from './catalogue';
export { NoLicenceModal } from './NoLicenceModal';
export { ToolGuide } from './ToolGuide';
export { toolUi } from './tool-ui';
