import { z } from 'zod';
import { ProjectRole, ShareType } from './enums';
import { idParam, limitField, pageField, projectNameField, shareCodeField } from './fields';
import { FileGroup, ProjectFile } from './files';
import { LIMITS } from './limits';

export const ProjectCreator = z.object({ id: z.number().int(), username: z.string(), email: z.string().nullable() });

/** An entry of the project's list: a file, or a group holding files (spec §3). */
export const ProjectEntry = z.union([ProjectFile, FileGroup]);
export type ProjectEntry = z.infer<typeof ProjectEntry>;

export const Project = z.object({
  id: z.number().int(),
  project_name: z.string(),
  creator_id: z.number().int(),
  creator: ProjectCreator,
  created_at: z.string(),
  updated_at: z.string(),
  /** The caller's rights on this project. */
  role: ProjectRole,
  is_shared: z.boolean(),
});
export type Project = z.infer<typeof Project>;

export const ProjectDetail = Project.extend({ files: z.array(ProjectEntry) });
export type ProjectDetail = z.infer<typeof ProjectDetail>;

/** Tab filter: All sends nothing, Owner false, Shared true (spec §6). */
export const ProjectListQuery = z.object({
  page: pageField,
  limit: limitField(LIMITS.projectPageSize),
  is_shared: z.enum(['true', 'false'], { error: 'invalidValue' }).optional(),
  /** Lists the caller's recycle bin instead (documented extension). */
  recycled: z.enum(['true', 'false'], { error: 'invalidValue' }).optional(),
});
export type ProjectListQuery = z.input<typeof ProjectListQuery>;

export const ProjectList = z.object({ total: z.number().int(), items: z.array(Project) });
export type ProjectList = z.infer<typeof ProjectList>;

export const NewProjectRequest = z.object({ project_name: projectNameField });
export type NewProjectRequest = z.infer<typeof NewProjectRequest>;

export const RenameProjectRequest = z.object({ name: projectNameField });
export type RenameProjectRequest = z.infer<typeof RenameProjectRequest>;

export const ProjectIdParams = z.object({ id: idParam });

export const ShareSettings = z.object({
  is_shared: z.boolean(),
  share_code: z.string().nullable(),
  share_type: ShareType.nullable(),
  share_url: z.string().nullable(),
});
export type ShareSettings = z.infer<typeof ShareSettings>;

/**
 * Turning sharing on needs a code, a type and the url obtained from share_url;
 * turning it off needs nothing else.
 */
export const UpdateShareRequest = z.discriminatedUnion(
  'is_shared',
  [
    z.object({
      is_shared: z.literal(true),
      share_code: shareCodeField,
      share_type: z.enum(ShareType.options, { error: 'shareTypeRequired' }),
      share_url: z.string({ error: 'shareUrlRequired' }).trim().min(1, 'shareUrlRequired'),
    }),
    z.object({
      is_shared: z.literal(false),
      share_code: z.string().nullish(),
      share_type: ShareType.nullish(),
      share_url: z.string().nullish(),
    }),
  ],
  { error: 'fieldRequired' },
);
export type UpdateShareRequest = z.infer<typeof UpdateShareRequest>;

export const ShareUrlResult = z.object({ url: z.string() });

/** What a visitor of a share link sees before joining: never the code. */
export const SharedProjectInfo = z.object({
  project_id: z.number().int(),
  project_name: z.string(),
  creator: z.object({ id: z.number().int(), username: z.string() }),
  share_type: ShareType,
  /** The caller's current role, or null when not yet a member. */
  role: ProjectRole.nullable(),
});
export type SharedProjectInfo = z.infer<typeof SharedProjectInfo>;

export const JoinProjectRequest = z.object({ share_code: shareCodeField });
export type JoinProjectRequest = z.infer<typeof JoinProjectRequest>;
