/** The tools feature's public API for pages and other features (everything else here is private). */
export { type GuideItem, workflowIdOf } from './catalogue';
/** The tool form model and its fields, which the workflow wizard's tool steps reuse. */
export {
  applyBox,
  dataFileIds,
  type FieldIssue,
  type FormValue,
  type FormValues,
  flattenInputs,
  formatResidues,
  getAt,
  initialValues,
  selectionBox,
  setAt,
  type ToolInputValue,
  type ValuePath,
  validateValues,
} from './form-model';
export { toJobSpace } from './job-space';
export { type FieldsContextValue, ParamFields } from './ParamFields';
export { ToolFilePicker } from './ToolFilePicker';
export { ToolGuide } from './ToolGuide';
export { toolUi } from './tool-ui';
export { useFillFromViewer } from './use-fill-from-viewer';
