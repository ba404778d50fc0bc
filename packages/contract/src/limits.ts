/** Business constants and limits (spec §9). One place for server and web. */
export const LIMITS = {
  passwordMin: 6,
  passwordMax: 18,
  codeLength: 6,
  shareCodeLength: 4,
  projectNameMax: 12,
  fileNameMax: 70,
  feedbackMax: 1000,
  usernameMax: 32,
  textFieldMax: 100,
  defaultRegion: '86',
  guestRetentionDays: 30,
  projectPageSize: 10,
  maxPageSize: 100,
  requestTimeoutMs: 600_000,
  sidebarWidth: 96,
} as const;

/** Verification codes: lifetime and sending limits (not in the spec; see docs/decisions.md). */
export const CODE_POLICY = {
  ttlSeconds: 10 * 60,
  resendSeconds: 60,
  perTargetPerDay: 10,
  maxVerifyAttempts: 5,
} as const;

/**
 * Joining a shared project: wrong codes per (user, project). After `maxFailures` the user
 * waits `windowMinutes` from the last failure, doubling with each further failure up to
 * `maxDelayMinutes`; failures older than `memoryHours` are forgotten. Nothing is counted per
 * project: a crowd of throwaway accounts must not lock the real invitee out (36^4 codes is
 * small, so the per-address limits on guest creation and joins bound the crowd instead).
 */
export const JOIN_POLICY = {
  maxFailures: 5,
  windowMinutes: 15,
  maxDelayMinutes: 24 * 60,
  memoryHours: 48,
} as const;

/**
 * Wrong passwords, per (account, client address): a few free tries, then a wait that
 * doubles with each further failure, capped (docs/decisions.md "Fair limits"). A
 * stranger's failures delay only the stranger's address, never the owner's.
 */
export const LOGIN_POLICY = {
  freeFailures: 5,
  firstDelaySeconds: 30,
  maxDelaySeconds: 15 * 60,
  /** Failures older than this are forgotten. */
  memoryHours: 24,
} as const;

export const SESSION_POLICY = {
  registeredDays: 30,
  guestDays: 30,
} as const;

/**
 * Quotas (docs/decisions.md "Quotas"). The storage, project and job numbers are the server's
 * defaults (each has a variable: STORAGE_QUOTA_MB, GUEST_STORAGE_QUOTA_MB, PROJECTS_MAX,
 * GUEST_PROJECTS_MAX, ACTIVE_JOBS_MAX, GUEST_ACTIVE_JOBS_MAX); the others are fixed.
 */
export const QUOTA_POLICY = {
  /** Stored files + unfinished uploads of a registered user's projects. */
  storageMb: 5120,
  guestStorageMb: 200,
  /** Projects a user may have created (the recycle bin included: recycled projects keep their files). */
  projects: 1000,
  guestProjects: 5,
  /** Jobs queued or running at once, per submitting user. */
  activeJobs: 4,
  // Two: a guest may prepare a protein and its ligands at once, as the guided flows do.
  guestActiveJobs: 2,
  /** Files one split may create: the docking limit of ligand files (DOCKING_LIMITS.ligandsMax). */
  splitFilesMax: 1000,
  /** The highest storage quota an admin may grant one user (10 TiB). */
  storageOverrideMaxMb: 10 * 1024 * 1024,
} as const;

/**
 * Coordinates in Å (issue 9, docs/decisions.md "Validation bounds"): PDB's fixed 8.3 columns
 * hold -999.999 to 9999.999, so no PDB file ever goes past 1e4 Å, and no molecular
 * structure in any format spans that far. Structure readers refuse atoms beyond it and
 * docking boxes may not be centred beyond it.
 */
export const COORDINATE_MAX = 10_000;

/**
 * Vina's `--seed` is a C++ int (AutoDock Vina main.cpp: `int seed`); 0 makes Vina draw its
 * own random seed, which the provenance could not reproduce. So: 1 to 2^31 − 1.
 */
export const VINA_SEED = { min: 1, max: 2 ** 31 - 1 } as const;

/** Row ids are PostgreSQL `integer` (serial) columns: a larger id can name no row. */
export const ID_MAX = 2 ** 31 - 1;
