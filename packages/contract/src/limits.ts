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

/** Joining a shared project: wrong-code attempts before a lock-out (36^4 codes is small). */
export const JOIN_POLICY = {
  /** Wrong codes one user may try on one project per window. */
  maxFailures: 5,
  /** The project locks after maxFailures × this many wrong codes from anyone in a window. */
  projectFailureFactor: 4,
  windowMinutes: 15,
} as const;

export const SESSION_POLICY = {
  registeredDays: 30,
  guestDays: 30,
} as const;
