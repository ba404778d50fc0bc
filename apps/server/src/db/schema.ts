import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/**
 * The database schema as Kysely sees it. Portable across SQLite and PostgreSQL:
 * timestamps are ISO-8601 UTC text (they sort as text), booleans are 0/1 integers.
 */
export interface UsersTable {
  id: Generated<number>;
  username: string;
  user_type: 'GUEST' | 'REGISTERED';
  email: string | null;
  phone: string | null;
  region: string | null;
  password_hash: string | null;
  identity: string | null;
  organization: string | null;
  research_field: string | null;
  source: string | null;
  created_at: string;
  updated_at: string;
  /** bigint (migration 0006): an admin's storage quota for this user; null is the default of its type. */
  storage_quota_bytes?: number | string | null;
  /** JSON (migration 0008): the tools policy an admin set; null is the default of the user's type. */
  tools_policy?: string | null;
  /** JSON of a workflows policy an admin set (migration 0009); null: the default. */
  workflows_policy?: string | null;
  /** Migration 0013 (billing): the balance in fen (bigint: a string from pg), kept with its ledger. */
  balance_fen?: number | string;
  /** Compute quota an admin added (or took, negative) beyond the default of the user's type. */
  quota_extra_core_seconds?: number | string;
  /** When an admin disabled the account: it cannot sign in and its sessions are ended. */
  disabled_at?: string | null;
  /** 1: an admin granted the Admin Panel (besides ADMIN_EMAILS). */
  admin_panel?: number;
}

export interface SessionsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: string;
  expires_at: string;
}

export interface VerificationCodesTable {
  id: Generated<number>;
  /** 'email:<address>' or 'phone:<region>:<number>' */
  target: string;
  purpose: string;
  code_hash: string;
  attempts: number;
  created_at: string;
  expires_at: string;
  consumed_at: string | null;
}

export interface ProjectsTable {
  id: Generated<number>;
  project_name: string;
  creator_id: number;
  is_shared: number;
  share_code: string | null;
  share_type: 'READ_ONLY' | 'READ_WRITE' | null;
  share_id: string | null;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}

export interface ProjectMembersTable {
  project_id: number;
  user_id: number;
  joined_at: string;
}

export interface JoinAttemptsTable {
  id: Generated<number>;
  project_id: number;
  user_id: number;
  succeeded: number;
  created_at: string;
}

export interface LoginFailuresTable {
  account: string;
  client: string;
  failures: number;
  last_failed_at: string;
  blocked_until: string | null;
}

export interface JobSpaceItemsTable {
  id: string;
  project_id: number;
  file_id: number;
  user_id: number;
  created_at: string;
}

export interface FeedbackTable {
  id: Generated<number>;
  user_id: number | null;
  email: string;
  content: string;
  created_at: string;
  /** Migration 0012: when an admin marked it handled (null: open), and who. */
  handled_at?: string | null;
  handled_by?: number | null;
}

export interface FileGroupsTable {
  id: Generated<number>;
  project_id: number;
  name: string;
  created_at: string;
}

export interface FilesTable {
  id: Generated<number>;
  project_id: number;
  group_id: number | null;
  name: string;
  ext: string;
  file_type: string;
  source_type: 'GET_PDB' | 'ALIYUN';
  storage_key: string;
  /** bigint: pg returns it as a string; the repository converts. */
  size: number | string;
  sha256: string;
  is_show_entry: number;
  is_job_result: number;
  job_id: number | null;
  description: string | null;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

export interface UploadsTable {
  id: string;
  user_id: number;
  project_id: number;
  filename: string;
  created_at: string;
  /** bigint (migration 0006): the declared Upload-Length, reserved against the owner's quota. */
  upload_length?: number | string | null;
}

export interface JobsTable {
  id: Generated<number>;
  project_id: number;
  user_id: number;
  job_type: string;
  job_name: string | null;
  status: 'PRE_PROCESSING' | 'RUNNING' | 'POST_PROCESSING' | 'FINISHED' | 'STOPPED' | 'FAILED';
  /** JSON: what the job was asked to do. */
  params: string;
  /** JSON: tool versions, seeds, input hashes, preparation steps. */
  provenance: string | null;
  log: string;
  error: string | null;
  progress_done: number | null;
  progress_total: number | null;
  attempts: number;
  runner_id: string | null;
  heartbeat_at: string | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  /** Migration 0013: the queue lane it ran in ('shared', or an instance's 'instance:<id>'). */
  lane?: string | null;
  /** When the last run of it began (started_at keeps the first): what metering counts. */
  attempt_started_at?: string | null;
  /** Metered at its end: cores of its slot × seconds it ran; and the part that counts against the quota. */
  core_seconds?: number | string | null;
  quota_core_seconds?: number | string | null;
}

/** One retained pose of a docked ligand, or a ligand that failed (migration 0005). */
export interface DockingResultsTable {
  id: Generated<number>;
  job_id: number;
  project_id: number;
  /** Position of the ligand molecule in the submission (stable order for failed rows). */
  ligand_index: number;
  ligand_name: string;
  pose: number | null;
  score: number | null;
  file_id: number | null;
  protein_file_id: number | null;
  complex_file_id: number | null;
  status: 'SUCCESS' | 'FAILED';
  error: string | null;
  created_at: string;
}

export interface ScreeningJobsTable {
  job_id: number;
  project_id: number;
  total: Generated<number>;
  /** 1 once every molecule of the library has its row. */
  enumerated: Generated<number>;
  has_activity: Generated<number>;
  receptor_file_id: number | null;
  receptor_sha256: string | null;
  /** 1 while the receptor is in object storage for `medx worker` processes (SCREEN_CHUNKS=workers). */
  staged: Generated<number>;
  /** JSON ScreeningEnrichment, written when the job ends. */
  enrichment: string | null;
  first_started_at: string | null;
  updated_at: string;
}

export interface ScreeningLigandsTable {
  id: Generated<number>;
  job_id: number;
  /** Position in the library (0-based, stable). */
  idx: number;
  name: string;
  source_format: 'smi' | 'sdf' | 'mol2';
  source: string;
  active: number | null;
  status: 'PENDING' | 'RUNNING' | 'DONE' | 'FAILED';
  error: string | null;
  score: number | null;
  /** Rank among the job's docked ligands (1 = best), written when the job ends; null before. */
  rank: number | null;
  smiles: string | null;
  mw: number | null;
  logp: number | null;
  hbd: number | null;
  hba: number | null;
  rotatable_bonds: number | null;
  heavy_atoms: number | null;
  valid: number | null;
  /** JSON {check: boolean}. */
  checks: string | null;
  /** The failed checks between spaces (' identity protein_clash '), for the filter. */
  failed_checks: string | null;
  check_details: string | null;
  /** Contact residues between spaces (' A:ASP86 A:GLU85 '), for the filter. */
  residues: string | null;
  pose_sdf: string | null;
  /** Who runs it (a runner's chunk), while RUNNING. */
  claim: string | null;
  claimed_at: string | null;
  attempts: Generated<number>;
  finished_at: string | null;
}

export interface ToolBuilderVersionsTable {
  id: Generated<number>;
  user_id: number;
  tool_id: string;
  version: string;
  note: string;
  /** The BuilderDraft as JSON. */
  draft: string;
  created_at: string;
}

export interface ToolSubmissionsTable {
  id: Generated<number>;
  user_id: number;
  tool_id: string;
  tool_name: string;
  version: string;
  status: 'SUBMITTED' | 'PUBLISHED' | 'REJECTED';
  test_status: 'NOT_RUN' | 'RUNNING' | 'PASSED' | 'FAILED';
  test_report: string;
  category: string | null;
  reason: string | null;
  created_at: string;
  reviewed_at: string | null;
  reviewed_by: number | null;
}

export interface Database {
  tool_builder_versions: ToolBuilderVersionsTable;
  tool_submissions: ToolSubmissionsTable;
  screening_jobs: ScreeningJobsTable;
  screening_ligands: ScreeningLigandsTable;
  docking_results: DockingResultsTable;
  jobs: JobsTable;
  file_groups: FileGroupsTable;
  files: FilesTable;
  uploads: UploadsTable;
  feedback: FeedbackTable;
  users: UsersTable;
  sessions: SessionsTable;
  verification_codes: VerificationCodesTable;
  projects: ProjectsTable;
  project_members: ProjectMembersTable;
  join_attempts: JoinAttemptsTable;
  login_failures: LoginFailuresTable;
  job_space_items: JobSpaceItemsTable;
  workflows: WorkflowsTable;
  workflow_invocations: WorkflowInvocationsTable;
  workflow_invocation_steps: WorkflowInvocationStepsTable;
  workflow_step_jobs: WorkflowStepJobsTable;
  viewer_state_keys: ViewerStateKeysTable;
  viewer_states: ViewerStatesTable;
  viewer_sessions: ViewerSessionsTable;
  messages: MessagesTable;
  message_acks: MessageAcksTable;
  orders: OrdersTable;
  instances: InstancesTable;
  ledger_entries: LedgerEntriesTable;
  payment_events: PaymentEventsTable;
  sandbox_checkouts: SandboxCheckoutsTable;
}

/** A workflow a user imported (migration 0009): the normalized model as JSON. */
export interface WorkflowsTable {
  id: string;
  user_id: number;
  name: string;
  model: string;
  created_at: string;
}

/** One run of a workflow: the model it runs (a snapshot) and the request (for re-runs). */
export interface WorkflowInvocationsTable {
  id: Generated<number>;
  project_id: number;
  user_id: number;
  workflow_id: string;
  workflow_name: string;
  job_name: string | null;
  state: 'NEW' | 'SCHEDULED' | 'STOPPED' | 'FAILED';
  model: string;
  request: string;
  error: string | null;
  created_at: string;
  finished_at: string | null;
}

export interface WorkflowInvocationStepsTable {
  invocation_id: number;
  step_index: number;
  state: 'WAITING' | 'RUNNING' | 'DONE' | 'FAILED' | 'SKIPPED' | 'STOPPED';
  /** JSON: output name → project file ids. */
  outputs: Generated<string>;
  error: string | null;
}

/** The jobs a step submitted: one, or one per element of a list mapped over a single input. */
export interface WorkflowStepJobsTable {
  job_id: number;
  invocation_id: number;
  step_index: number;
  element_index: number;
}

/** A remote state address's access key (migration 0010): SHA-256 only, per (project, user). */
export interface ViewerStateKeysTable {
  id: Generated<number>;
  project_id: number;
  user_id: number;
  key_hash: string;
  created_at: string;
  expires_at: string;
}

/** A remote state of Med View (migration 0010); its JSON is the object at storage_key. */
export interface ViewerStatesTable {
  /** Upload order. */
  id: Generated<number>;
  /** Mol*'s id of the state (a UUID), in its addresses. */
  state_id: string;
  project_id: number;
  created_by: number | null;
  name: string;
  description: string;
  play_on_load: number;
  size: number;
  storage_key: string;
  created_at: string;
}

/** A project's viewer session default.molx (migration 0010): one row per project. */
export interface ViewerSessionsTable {
  project_id: number;
  etag: string;
  size: number;
  storage_key: string;
  updated_at: string;
  updated_by: number | null;
}

/** News (migration 0011): an admin's message for everyone (user_id null) or a user's event. */
export interface MessagesTable {
  id: Generated<number>;
  type: 'EVENT' | 'NOTICE' | 'VERSION';
  user_id: number | null;
  status: 'DRAFT' | 'PUBLISHED' | 'WITHDRAWN';
  title_en: string | null;
  title_zh: string | null;
  content_en: string | null;
  content_zh: string | null;
  /** Events: what happened (JOB_FINISHED, JOB_FAILED, SHARE_JOINED) and its JSON parameters. */
  event_kind: string | null;
  event_params: string | null;
  link: string | null;
  author_id: number | null;
  created_at: string;
  published_at: string | null;
  withdrawn_at: string | null;
}

export interface MessageAcksTable {
  message_id: number;
  user_id: number;
  acked_at: string;
}

/** Billing (migration 0013): money is integer fen (bigint columns come back as strings from pg). */
export interface OrdersTable {
  id: Generated<number>;
  order_no: string;
  user_id: number;
  kind: 'INSTANCE' | 'RECHARGE';
  status: 'pending' | 'paid' | 'complete' | 'canceled' | 'payment_error';
  amount_fen: number | string;
  level: string | null;
  pay_type: string | null;
  months: number | null;
  instance_id: number | null;
  provider: string;
  provider_ref: string | null;
  error: string | null;
  created_at: string;
  paid_at: string | null;
  completed_at: string | null;
}

export interface InstancesTable {
  id: Generated<number>;
  user_id: number;
  order_id: number | null;
  level: string;
  pay_type: 'prePaid' | 'postPaid';
  status: 'pending' | 'initializing' | 'starting' | 'running' | 'failed' | 'expired';
  cores: number;
  memory_gb: number;
  concurrent_jobs: number;
  price_fen: number | string;
  months: number | null;
  created_at: string;
  /** When activation may finish (INSTANCE_ACTIVATION_SECONDS after payment). */
  activate_after: string;
  activated_at: string | null;
  expires_at: string | null;
  ended_at: string | null;
  end_reason: string | null;
}

export interface LedgerEntriesTable {
  id: Generated<number>;
  user_id: number;
  kind: 'RECHARGE' | 'PURCHASE' | 'USAGE' | 'ADJUSTMENT' | 'REFUND';
  amount_fen: number | string;
  balance_after_fen: number | string;
  quota_core_seconds: number | string;
  order_id: number | null;
  job_id: number | null;
  instance_id: number | null;
  admin_id: number | null;
  reason: string | null;
  created_at: string;
}

export interface PaymentEventsTable {
  provider: string;
  event_id: string;
  order_no: string;
  kind: string;
  received_at: string;
}

export interface SandboxCheckoutsTable {
  ref: string;
  order_no: string;
  amount_fen: number | string;
  description: string;
  return_url: string;
  status: 'open' | 'paid' | 'canceled' | 'failed';
  created_at: string;
}

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type ProjectRow = Selectable<ProjectsTable>;
export type FileRow = Selectable<FilesTable>;
export type NewFileRow = Insertable<FilesTable>;
export type FileGroupRow = Selectable<FileGroupsTable>;
export type JobRow = Selectable<JobsTable>;
export type WorkflowRow = Selectable<WorkflowsTable>;
export type InvocationRow = Selectable<WorkflowInvocationsTable>;
export type InvocationStepRow = Selectable<WorkflowInvocationStepsTable>;
export type MessageRow = Selectable<MessagesTable>;
export type OrderRow = Selectable<OrdersTable>;
export type InstanceRow = Selectable<InstancesTable>;
export type LedgerRow = Selectable<LedgerEntriesTable>;
export type DockingResultRecord = Selectable<DockingResultsTable>;
export type ScreeningLigandRecord = Selectable<ScreeningLigandsTable>;
export type NewScreeningLigandRecord = Insertable<ScreeningLigandsTable>;
export type ScreeningJobRecord = Selectable<ScreeningJobsTable>;
export type NewDockingResultRecord = Insertable<DockingResultsTable>;
export type ToolBuilderVersionRecord = Selectable<ToolBuilderVersionsTable>;
export type ToolSubmissionRecord = Selectable<ToolSubmissionsTable>;
