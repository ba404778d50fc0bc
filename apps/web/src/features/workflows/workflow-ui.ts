import { useEffect } from 'react';
import { onWorkflowDenied } from '../../workspace/header/FunctionMenu';
import { toolUi } from '../tools';
// Eager: the Function menu's Workflows submenu uses these styles before the window loads.
import './workflows.css';

/** Query keys of the workflows' calls (the catalogue's key starts with them too). */
export const workflowsKey = ['workflows'] as const;

/**
 * Mounted with the workspace: a workflow the Function menu lists as not enabled opens the
 * no-licence reminder instead of the window (spec §4 Tool access check).
 */
export function WorkflowLicenceMount() {
  useEffect(() => onWorkflowDenied(() => toolUi.openNoLicence()), []);
  return null;
}
