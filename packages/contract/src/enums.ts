import { z } from 'zod';

export const UserType = z.enum(['GUEST', 'REGISTERED']);
export type UserType = z.infer<typeof UserType>;

export const IDENTITIES = ['Individual', 'Student', 'Teacher', 'Enterprise', 'Public Institution'] as const;
export const Identity = z.enum(IDENTITIES);
export type Identity = z.infer<typeof Identity>;

export const SOURCES = [
  'Friend Recommend',
  'Media',
  'Offline Activity',
  'Sales Direct Contact',
  'Search Engine',
  'Video Promotion',
] as const;
export const Source = z.enum(SOURCES);
export type Source = z.infer<typeof Source>;

export const ShareType = z.enum(['READ_ONLY', 'READ_WRITE']);
export type ShareType = z.infer<typeof ShareType>;

/** The caller's role on a project: the creator, or a member through the share settings. */
export const ProjectRole = z.enum(['OWNER', 'READ_WRITE', 'READ_ONLY']);
export type ProjectRole = z.infer<typeof ProjectRole>;

export const CodePurpose = z.enum(['sign_up', 'login', 'reset_password']);
export type CodePurpose = z.infer<typeof CodePurpose>;
