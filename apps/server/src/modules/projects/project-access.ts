import type { ProjectRole } from '@medx/contract';
import { forbidden, notFound } from '../../http/app-error';
import type { AuthContext } from '../../http/request-context';
import type { ProjectsRepository, ProjectWithCreator } from './projects.repository';

export type Need = 'read' | 'write' | 'owner';

/**
 * The caller's role on a project: the creator is OWNER; a member has the project's
 * current share type while sharing is on (turning sharing off or changing its type
 * applies to every member at once); nobody but the creator sees a recycled project.
 */
export function roleOf(project: ProjectWithCreator, userId: number, isMember: boolean): ProjectRole | null {
  if (project.creator_id === userId) return 'OWNER';
  if (project.deleted_at || !project.is_shared || !isMember || !project.share_type) return null;
  return project.share_type;
}

/** The one place where every project-scoped call checks the caller's rights. */
export class ProjectAccess {
  constructor(private readonly projects: ProjectsRepository) {}

  async require(
    auth: AuthContext,
    projectId: number,
    need: Need,
  ): Promise<{ project: ProjectWithCreator; role: ProjectRole }> {
    const project = await this.projects.findById(projectId);
    // Strangers learn nothing, not even that the project exists.
    if (!project || project.deleted_at) throw notFound('projectNotFound');
    const member = project.creator_id === auth.user.id ? false : await this.projects.isMember(projectId, auth.user.id);
    const role = roleOf(project, auth.user.id, member);
    if (!role) throw notFound('projectNotFound');
    if (need === 'write' && role === 'READ_ONLY') throw forbidden('readOnlyProject');
    if (need === 'owner' && role !== 'OWNER') throw forbidden('creatorOnly');
    return { project, role };
  }
}
