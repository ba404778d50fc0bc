/**
 * Workflow files of either format, checked: readWorkflow picks the reader, and the
 * structural rules every model obeys (checkWorkflow, topologicalOrder, the size limits,
 * written in workflow-structure.ts so the readers can use them too) are re-exported here.
 */
import { errorText, isObject, modelFromGa, stripBom } from './workflow-ga';
import { modelFromGxformat2, parseGxformat2Yaml } from './workflow-gxformat2';
import { WorkflowFormatError, type WorkflowModel } from './workflow-model';
import { checkWorkflowText } from './workflow-structure';

export {
  checkStepCount,
  checkWorkflow,
  checkWorkflowText,
  MAX_WORKFLOW_BYTES,
  MAX_WORKFLOW_STEPS,
  topologicalOrder,
} from './workflow-structure';

const NEITHER = 'The file is neither a Galaxy .ga workflow nor a gxformat2 workflow.';

/**
 * Reads a workflow file of either format: a JSON object with `a_galaxy_workflow` or
 * `format-version` is a .ga, a YAML mapping with `class: GalaxyWorkflow` gxformat2.
 * `fileName` only sharpens the error for a file that parses as neither (a broken `.ga`
 * reports its JSON error, a broken `.yml` its YAML error).
 */
export function readWorkflow(text: string, fileName?: string): WorkflowModel {
  checkWorkflowText(text);
  const body = stripBom(text);
  const extension = /\.([^./\\]+)$/.exec(fileName ?? '')?.[1]?.toLowerCase();
  const looksJson = body.trimStart().startsWith('{');
  let jsonError: string | null = null;
  if (looksJson || extension === 'ga' || extension === 'json') {
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch (error) {
      jsonError = errorText(error);
    }
    if (jsonError === null) return fromDocument(json);
  }
  let doc: unknown;
  try {
    doc = parseGxformat2Yaml(body);
  } catch (error) {
    if (jsonError !== null && extension !== 'yml' && extension !== 'yaml') {
      throw new WorkflowFormatError(`The file is not valid JSON: ${jsonError}`);
    }
    if (extension === 'yml' || extension === 'yaml') {
      throw new WorkflowFormatError(`The file is not valid YAML: ${errorText(error)}`);
    }
    throw new WorkflowFormatError(NEITHER);
  }
  if (jsonError !== null && !(isObject(doc) && doc.class === 'GalaxyWorkflow')) {
    throw new WorkflowFormatError(`The file is not valid JSON: ${jsonError}`);
  }
  return fromDocument(doc);
}

function fromDocument(doc: unknown): WorkflowModel {
  if (isObject(doc) && ('a_galaxy_workflow' in doc || 'format-version' in doc)) return modelFromGa(doc);
  if (isObject(doc) && doc.class === 'GalaxyWorkflow') return modelFromGxformat2(doc);
  throw new WorkflowFormatError(NEITHER);
}
