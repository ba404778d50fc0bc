import { z } from 'zod';
import { idParam } from './fields';

/**
 * Med View's server side (issue 12 points 4 and 5; viewer spec §3 "Remote state entry",
 * §4 "Project viewer session", §7 "Remote states"): Mol*'s remote state protocol served per
 * project, and the project's viewer session default.molx with etags. docs/decisions.md
 * "Viewer states and sessions (issue 12)" records the paths and choices the spec leaves out.
 */

export const VIEWER_LIMITS = {
  /** A remote state's JSON body (the route's body limit). */
  stateBytesMax: 50 * 1024 * 1024,
  statesPerProjectMax: 200,
  /** Spec §9: snapshot name limit 30 characters. */
  stateNameMax: 30,
  /** Mol*'s own plugin-state server keeps 100 characters of a description. */
  stateDescriptionMax: 100,
  /** The project's viewer session (.molx, a zip). */
  sessionBytesMax: 100 * 1024 * 1024,
  /** Spec §9: the session file's name. */
  sessionFileName: 'default.molx',
  /** A remote state address (its access key) lasts this long after it is issued. */
  stateKeyDays: 30,
  /** Addresses kept alive per (project, user): tabs and browsers each may hold one. */
  stateKeysPerUser: 5,
} as const;

/**
 * POST /v1/projects/{id}/viewer/state_server: the address to give Mol* as its remote state
 * server ({server}/list, /get/{id}, /remove/{id}, POST /set?name=&description=). The address
 * carries an access key (Mol* sends no header); the caller's rights are checked on every call.
 */
export const ViewerStateServer = z.object({
  server_url: z.string(),
  /** False for READ_ONLY members: list and get only (set and remove answer 403). */
  can_write: z.boolean(),
  expires_at: z.string(),
});
export type ViewerStateServer = z.infer<typeof ViewerStateServer>;

/** One item of GET {server}/list, as Mol*'s RemoteStateSnapshots reads it (raw JSON, no envelope). */
export const RemoteStateEntry = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  /** Milliseconds since the epoch (Mol*: +new Date()). */
  timestamp: z.number(),
  /** Always false: uploaded states can be removed. */
  isSticky: z.boolean(),
  /** The snapshot's playback.isPlaying (Mol*'s upload param playOnLoad). */
  playOnLoad: z.boolean(),
});
export type RemoteStateEntry = z.infer<typeof RemoteStateEntry>;

/** POST {server}/set query (Mol* sends name and description; playOnLoad travels in the body). */
export const RemoteStateUploadQuery = z.object({
  name: z.string({ error: 'invalidValue' }).optional(),
  description: z.string({ error: 'invalidValue' }).optional(),
  playOnLoad: z.enum(['true', 'false', '1', '0'], { error: 'invalidValue' }).optional(),
});
export type RemoteStateUploadQuery = z.infer<typeof RemoteStateUploadQuery>;

export const RemoteStateServerParams = z.object({ projectId: idParam, key: z.string() });
export const RemoteStateParams = RemoteStateServerParams.extend({ id: z.string() });

/** PUT /v1/projects/{id}/viewer/session: the stored session's etag (also the ETag header). */
export const ViewerSessionSaved = z.object({
  etag: z.string(),
  size: z.number().int(),
  updated_at: z.string(),
});
export type ViewerSessionSaved = z.infer<typeof ViewerSessionSaved>;
