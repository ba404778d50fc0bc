import { toolsApi } from '../../api/tools';
import type { ToolInputValue } from './form-model';

/**
 * Project files into the job space (POST /v1/tools/import, spec §7), and the data-input value
 * of POST /v1/jobs/tool that names them (Galaxy's {batch, values: [{id, src: 'hda'}]}): what
 * the tool wizard and the builder's test run both send.
 */
export async function toJobSpace(
  projectId: number,
  fileIds: number[],
): Promise<{ success: true; dataValue: (ids: number[]) => ToolInputValue } | { success: false; msg: string }> {
  const galaxyIds = new Map<number, string>();
  if (fileIds.length > 0) {
    const imported = await toolsApi.importFiles(projectId, fileIds);
    if (!imported.success) return { success: false, msg: imported.msg };
    for (const item of imported.data.items) galaxyIds.set(item.file_id, item.galaxy_file_id);
  }
  const dataValue = (ids: number[]): ToolInputValue => ({
    batch: false,
    values: ids.map((id) => ({ id: galaxyIds.get(id) ?? String(id), src: 'hda' as const })),
  });
  return { success: true, dataValue };
}
