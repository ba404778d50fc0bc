import type { WorkflowJobList, WorkflowJobListQuery } from '@medx/contract';
import type { AuthContext } from '../../http/request-context';
import type { ProjectAccess } from '../projects/project-access';

/**
 * Workflows (spec §3, §7). No workflow engine exists yet, so no workflow job can exist
 * either: the list is an empty page, behind the same access rule as GET /v1/jobs. The
 * workflow issue adds the catalogue, submission and a repository here.
 */
export class WorkflowsService {
  constructor(private readonly access: ProjectAccess) {}

  async listJobs(auth: AuthContext, query: WorkflowJobListQuery): Promise<WorkflowJobList> {
    await this.access.require(auth, query.project_id, 'read');
    return { total: 0, items: [] };
  }
}
