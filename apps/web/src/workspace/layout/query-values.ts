import type { WindowId } from '../registry/windows';

/**
 * The workspace's query values (spec §2) as pure functions on URLSearchParams; each returns a
 * new object and leaves its input alone. (Which job types list a result window in the Window
 * menu is each feature's registration.)
 */

/** The slot windows the address opens: ?tool= and ?workflow= (registered by their features). */
export type QuerySlotWindow = 'tool' | 'workflow';

export interface JobResultQuery {
  jobType: string;
  jobId: string;
  jobStatus: string;
}

const copy = (params: URLSearchParams) => new URLSearchParams(params);

/** Opening a tool sets `tool` and removes `workflow`. */
export function withTool(params: URLSearchParams, toolId: string): URLSearchParams {
  const next = copy(params);
  next.set('tool', toolId);
  next.delete('workflow');
  return next;
}

/** Opening a workflow sets `workflow` and removes `tool`. */
export function withWorkflow(params: URLSearchParams, workflow: string): URLSearchParams {
  const next = copy(params);
  next.set('workflow', workflow);
  next.delete('tool');
  return next;
}

/** The slot window the address asks for: a tool wins over a workflow (they exclude each other). */
export function slotWindowFromQuery(params: URLSearchParams): QuerySlotWindow | null {
  if (params.get('tool')) return 'tool';
  if (params.get('workflow')) return 'workflow';
  return null;
}

/** Both tool and workflow given: keep the tool, as opening it would have done. */
export function normaliseToolParams(params: URLSearchParams): URLSearchParams {
  if (params.get('tool') && params.has('workflow')) return withTool(params, params.get('tool') as string);
  return params;
}

/**
 * After the slot changed from `before` to `after` (null: hidden): closing the tool window
 * removes `tool`, closing the workflow window removes `workflow`.
 */
export function paramsAfterSlotChange(
  params: URLSearchParams,
  before: WindowId | null,
  after: WindowId | null,
): URLSearchParams {
  if (before === after) return params;
  const next = copy(params);
  if (before === 'tool') next.delete('tool');
  if (before === 'workflow') next.delete('workflow');
  return next;
}

/** jobType, jobId and jobStatus together open the Job Result dialog. */
export function jobResultFromQuery(params: URLSearchParams): JobResultQuery | null {
  const jobType = params.get('jobType');
  const jobId = params.get('jobId');
  const jobStatus = params.get('jobStatus');
  return jobType && jobId && jobStatus ? { jobType, jobId, jobStatus } : null;
}

/** Closing the Job Result dialog removes all three. */
export function withoutJobResult(params: URLSearchParams): URLSearchParams {
  const next = copy(params);
  for (const key of ['jobType', 'jobId', 'jobStatus']) next.delete(key);
  return next;
}
