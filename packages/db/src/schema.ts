import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely'
import type { JobStatus, JobType, LearnedFormatStatus, Surface, TaskFiler, TaskKind, TaskStatus, TranslationStatus, WebhookDeliveryStatus } from './lists.js'

export * from './lists.js'

/** A timestamp column: the database fills it, reads come back as Date. */
type CreatedAt = ColumnType<Date, Date | string | undefined, never>
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>

/** Tenants: every other row belongs to exactly one workspace. */
export interface WorkspacesTable {
  id: Generated<string>
  slug: string
  name: string
  source_locale: string
  product_context: Generated<string>
  created_at: CreatedAt
  updated_at: Timestamp
}

/** Roles a credential can hold in its workspace. */
export type Role = 'owner' | 'admin' | 'member'

/** Workspace API keys; only the SHA-256 of the key is stored. */
export interface ApiKeysTable {
  id: Generated<string>
  workspace_id: string
  name: string
  prefix: string
  hash: string
  role: Role
  created_at: CreatedAt
  last_used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>
  revoked_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>
}

/** Apps or repos of a workspace. */
export interface ProjectsTable {
  id: Generated<string>
  workspace_id: string
  slug: string
  name: string
  description: Generated<string>
  target_locales: ColumnType<string[], string[] | undefined, string[]>
  auto_translate: Generated<boolean>
  /** Project locale -> how file paths spell it (de -> de_DE); locales not in it are spelled as they are. */
  locale_map: JsonOf<Record<string, string>>
  created_at: CreatedAt
  updated_at: Timestamp
}


/** Who changed what, from which surface; one row per write op. */
export interface ActivityTable {
  id: Generated<string>
  seq: Generated<string>
  workspace_id: string
  project_id: string | null
  /** 'system': a change the service applied on an outside party's word (a Stripe webhook). */
  actor_type: 'api_key' | 'user' | 'ai' | 'system'
  actor_id: string | null
  actor_name: string
  surface: Surface
  op: string
  target: string | null
  summary: string
  request_id: string | null
  created_at: CreatedAt
}

// JSON columns take plain values: both drivers serialize them (a pre-serialized string would be stored double-encoded by postgres.js).
type Json = ColumnType<unknown, unknown, unknown>
type JsonOf<T> = ColumnType<T, T | undefined, T>
type NullableTime = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>

/** A file of a project, addressed by a path pattern with {locale} or {android_locale}. */
export interface FilesTable {
  id: Generated<string>
  workspace_id: string
  project_id: string
  pattern: string
  /** The concrete path of the source-locale copy, once one was pushed. */
  source_path: string | null
  format: string
  created_at: CreatedAt
  updated_at: Timestamp
}

/** The last pushed content of a file in one locale: the template pull renders into. */
export interface FileSnapshotsTable {
  id: Generated<string>
  workspace_id: string
  file_id: string
  locale: string
  path: string
  /** The file as UTF-8 bytes of its text (BOM included as U+FEFF), compressed as content_compression says. */
  content: ColumnType<Uint8Array, Uint8Array, Uint8Array>
  /** 'deflate-raw': the API compressed the bytes (migration 0027); null: stored as they are (older copies). */
  content_compression: ColumnType<string | null, string | null | undefined, string | null>
  content_hash: string
  encoding: Generated<string>
  pushed_at: Timestamp
  /**
   * What the source push that stored this copy read from it ({ keys, units, warnings }): an identical re-push answers
   * from it without parsing the file again. Null for translation copies and copies stored before migration 0025.
   */
  push_summary: ColumnType<PushSummary | null, PushSummary | null | undefined, PushSummary | null>
}

/** A source push's reading of its file (file_snapshots.push_summary). */
export interface PushSummary {
  /** Distinct keys (name + context) of the file's translatable entries. */
  keys: number
  /** Distinct source texts among them (units). */
  units: number
  /** The parser's warnings, the first 50. */
  warnings: { severity: 'warning'; message: string; line: number; column: number }[]
}

/** A CLDR plural map stored as JSON. */
export type PluralMap = Record<string, string>

/** Deduplicated source strings, shared by every project of a workspace. */
export interface UnitsTable {
  id: Generated<string>
  workspace_id: string
  source_text: string
  source_plural: JsonOf<PluralMap | null>
  source_hash: string
  description: Generated<string>
  max_length: ColumnType<string | null, number | string | null | undefined, number | string | null>
  tags: ColumnType<string[], string[] | undefined, string[]>
  created_at: CreatedAt
  updated_at: Timestamp
}

/** A key of a file, pointing at the unit holding its source text. */
export interface KeysTable {
  id: Generated<string>
  workspace_id: string
  project_id: string
  file_id: string
  name: string
  context: Generated<string>
  comment: Generated<string>
  position: number
  unit_id: string
  meta: Json
  removed_at: NullableTime
  created_at: CreatedAt
  updated_at: Timestamp
}


/** One translation per unit and locale. `origin` says who wrote the text: human, import or ai. */
export interface TranslationsTable {
  id: Generated<string>
  workspace_id: string
  unit_id: string
  locale: string
  text: string
  plural: JsonOf<PluralMap | null>
  status: TranslationStatus
  note: Generated<string>
  origin: ColumnType<'human' | 'import' | 'ai', 'human' | 'import' | 'ai' | undefined, 'human' | 'import' | 'ai'>
  updated_at: Timestamp
}

/** Every change of a translation: who, from which surface, before and after. */
export interface TranslationHistoryTable {
  id: Generated<string>
  workspace_id: string
  unit_id: string
  locale: string
  before: Json
  after: Json
  actor_type: 'api_key' | 'user' | 'ai'
  actor_id: string | null
  actor_name: string
  surface: Surface
  job_id: string | null
  created_at: CreatedAt
}


/** Background jobs; the table is the truth, queues carry ids. */
export interface JobsTable {
  id: Generated<string>
  workspace_id: string
  type: JobType
  status: ColumnType<JobStatus, JobStatus | undefined, JobStatus>
  payload: Json
  progress: Json
  output: Json
  errors: Json
  attempts: Generated<number>
  created_by: string | null
  created_at: CreatedAt
  started_at: NullableTime
  finished_at: NullableTime
  heartbeat_at: NullableTime
  /** Not taken by a runner before this time: a push's auto-translation waits for the files pushed after it. */
  available_at: ColumnType<Date, Date | undefined, Date>
}

/** AI translations counted per workspace and month, for billing. */
export interface UsageCountersTable {
  workspace_id: string
  month: string
  ai_translations: ColumnType<string, number | string | undefined, number | string>
}

/** Glossary terms of a workspace; unique per workspace case-insensitively. `translations` maps locale to required translation. */
export interface GlossaryTermsTable {
  id: Generated<string>
  workspace_id: string
  term: string
  do_not_translate: Generated<boolean>
  translations: JsonOf<Record<string, string>>
  created_at: CreatedAt
  updated_at: Timestamp
}

/** Standing translation instructions; `locale` null applies to every language. */
export interface RulesTable {
  id: Generated<string>
  workspace_id: string
  body: string
  locale: string | null
  active: Generated<boolean>
  created_at: CreatedAt
  updated_at: Timestamp
}

/** Units a translate job is working on, so concurrent jobs never translate the same string twice. */
export interface TranslateLeasesTable {
  unit_id: string
  locale: string
  job_id: string
  expires_at: ColumnType<Date, Date | string, Date | string>
}

/** Source hashes of merged units, resolving to the unit they were merged into. */
export interface UnitAliasesTable {
  workspace_id: string
  source_hash: string
  unit_id: string
}


/**
 * Review tasks filed by jobs, pushes, the duplicate scan and audits, for people and agents. `subject` identifies what a
 * task is about, for dedupe; a task's actions come from core's task-kind registry. A claimed task whose claim expired
 * counts as open.
 */
export interface TasksTable {
  id: Generated<string>
  workspace_id: string
  kind: TaskKind
  title: string
  payload: Json
  priority: Generated<number>
  status: ColumnType<TaskStatus, TaskStatus | undefined, TaskStatus>
  subject: string | null
  job_id: string | null
  project_id: string | null
  locale: string | null
  unit_id: string | null
  filed_by: ColumnType<TaskFiler, TaskFiler | undefined, TaskFiler>
  /** Name of the claimer (shown), and its actor id or name (matched to refresh one's own claims). */
  claimed_by: string | null
  claimer_id: string | null
  claim_expires_at: NullableTime
  /** The resolution: action (null when closed because its subject went), note, by whom, from which surface, when. */
  resolved_action: string | null
  note: Generated<string>
  resolved_by: string | null
  resolved_surface: Surface | null
  resolved_at: NullableTime
  /** What the action did (ids of what it wrote), as resolve_task answered it. */
  result: Json | null
  created_at: CreatedAt
}

/** The source text of a unit as search reads it (trigram, full-text and prefix indexed). */
export interface UnitSearchTable {
  unit_id: string
  workspace_id: string
  source_text: string
}

/** A key's name as search reads it (trigram indexed). */
export interface KeySearchTable {
  key_id: string
  workspace_id: string
  name: string
}

/** Files whose new keys and units wait to enter the search tables (search reads them directly meanwhile). */
export interface SearchPendingTable {
  file_id: string
  workspace_id: string
  queued_at: CreatedAt
}

/** Audits of one locale (run_audit); the job fills answer, score, summary and result. */
export interface AuditsTable {
  id: Generated<string>
  workspace_id: string
  locale: string
  project_id: string | null
  question: Generated<string>
  job_id: string
  answer: string | null
  score: number | null
  summary: string | null
  result: Json
  created_at: CreatedAt
  finished_at: NullableTime
}

/** One finding of an audit: a check (or the AI) about one unit's translation. */
export interface AuditFindingsTable {
  audit_id: string
  seq: number
  unit_id: string
  check: string
  severity: string
  origin: string
  message: string
  form: string | null
  span_start: number | null
  span_end: number | null
  fix: string | null
  fix_plural: JsonOf<PluralMap | null>
}

/** Every table, for Kysely<Database>. */
/** A person's account; e-mail is unique whatever its case. */
export interface UsersTable {
  id: Generated<string>
  email: string
  name: Generated<string>
  /** scrypt hash with its parameters; null until the person sets a password (an owner made at first start). */
  password_hash: string | null
  created_at: CreatedAt
  email_verified_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>
}

/** Who belongs to which workspace, with which role. */
export interface MembershipsTable {
  workspace_id: string
  user_id: string
  role: Role
  created_at: CreatedAt
}

/** Cookie sessions; id is the SHA-256 of the cookie's token. */
export interface SessionsTable {
  id: string
  user_id: string
  csrf_token: string
  created_at: CreatedAt
  expires_at: Timestamp
  last_seen_at: Timestamp
}

/** Invitations to a workspace by e-mail; only the token's SHA-256 is stored. */
export interface InvitationsTable {
  id: Generated<string>
  workspace_id: string
  email: string
  role: Role
  token_hash: string
  invited_by: string
  invited_by_user_id: string | null
  created_at: CreatedAt
  expires_at: Timestamp
  accepted_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>
  accepted_by: string | null
  revoked_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>
}

/** What a one-time link is for. */
export type LinkPurpose = 'password_reset' | 'sign_in'

/** One-time links (password reset, first-start sign-in); only the token's SHA-256 is stored. */
export interface OneTimeLinksTable {
  id: Generated<string>
  token_hash: string
  user_id: string
  purpose: LinkPurpose
  created_at: CreatedAt
  expires_at: Timestamp
  used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>
}

/** Failed sign-ins, counted per e-mail and per client address (the sign-in rate limit). */
export interface SignInFailuresTable {
  id: Generated<string>
  email: string
  ip: string
  at: CreatedAt
}

export interface Database {
  workspaces: WorkspacesTable
  api_keys: ApiKeysTable
  projects: ProjectsTable
  activity: ActivityTable
  files: FilesTable
  file_snapshots: FileSnapshotsTable
  units: UnitsTable
  keys: KeysTable
  translations: TranslationsTable
  translation_history: TranslationHistoryTable
  jobs: JobsTable
  glossary_terms: GlossaryTermsTable
  rules: RulesTable
  usage_counters: UsageCountersTable
  translate_leases: TranslateLeasesTable
  unit_aliases: UnitAliasesTable
  tasks: TasksTable
  unit_search: UnitSearchTable
  key_search: KeySearchTable
  search_pending: SearchPendingTable
  learned_formats: LearnedFormatsTable
  audits: AuditsTable
  audit_findings: AuditFindingsTable
  duplicate_judgements: DuplicateJudgementsTable
  webhooks: WebhooksTable
  webhook_deliveries: WebhookDeliveriesTable
  locale_completions: LocaleCompletionsTable
  workspace_billing: WorkspaceBillingTable
  stripe_events: StripeEventsTable
  billing_requests: BillingRequestsTable
  users: UsersTable
  memberships: MembershipsTable
  sessions: SessionsTable
  invitations: InvitationsTable
  one_time_links: OneTimeLinksTable
  sign_in_failures: SignInFailuresTable
  oauth_clients: OAuthClientsTable
  oauth_families: OAuthFamiliesTable
  oauth_codes: OAuthCodesTable
  oauth_tokens: OAuthTokensTable
}

export type Workspace = Selectable<WorkspacesTable>
export type WorkspaceUpdate = Updateable<WorkspacesTable>
export type ApiKey = Selectable<ApiKeysTable>
export type User = Selectable<UsersTable>
export type Membership = Selectable<MembershipsTable>
export type Session = Selectable<SessionsTable>
export type Invitation = Selectable<InvitationsTable>
export type OneTimeLink = Selectable<OneTimeLinksTable>
export type NewApiKey = Insertable<ApiKeysTable>
export type Project = Selectable<ProjectsTable>
export type NewProject = Insertable<ProjectsTable>
export type ProjectUpdate = Updateable<ProjectsTable>
export type Activity = Selectable<ActivityTable>
export type NewActivity = Insertable<ActivityTable>
export type File = Selectable<FilesTable>
export type FileSnapshot = Selectable<FileSnapshotsTable>
export type Unit = Selectable<UnitsTable>
export type Key = Selectable<KeysTable>
export type Translation = Selectable<TranslationsTable>
export type Job = Selectable<JobsTable>
export type GlossaryTerm = Selectable<GlossaryTermsTable>
export type Rule = Selectable<RulesTable>

/** A model's verdict on a candidate duplicate pair (dedupe_scan), by the hash of the two texts: never asked twice. */
export interface DuplicateJudgementsTable {
  workspace_id: string
  pair_hash: string
  duplicate: boolean
  reason: string
  model: string
  judged_at: Generated<Date>
}

/** Formats a workspace learned: a template, the sample it was checked on, and the file patterns it reads. */
export interface LearnedFormatsTable {
  id: Generated<string>
  workspace_id: string
  slug: string
  name: string
  status: ColumnType<LearnedFormatStatus, LearnedFormatStatus | undefined, LearnedFormatStatus>
  template: Json
  sample: ColumnType<Uint8Array, Uint8Array, Uint8Array>
  file_patterns: ColumnType<string[], string[] | undefined, string[]>
  project_id: string | null
  job_id: string | null
  created_at: CreatedAt
  updated_at: Timestamp
}

export type LearnedFormat = Selectable<LearnedFormatsTable>
export type Audit = Selectable<AuditsTable>

/** An endpoint that receives signed events: which events, which projects and locales, and whether it is on. */
export interface WebhooksTable {
  id: Generated<string>
  workspace_id: string
  url: string
  description: Generated<string>
  events: JsonOf<string[]>
  /** Only events of these projects (null: every project). */
  project_ids: ColumnType<string[] | null, string[] | null | undefined, string[] | null>
  /** Only events of these locales (null: every locale). */
  locales: ColumnType<string[] | null, string[] | null | undefined, string[] | null>
  secret: string
  active: Generated<boolean>
  disabled_reason: string | null
  disabled_at: NullableTime
  failing_since: NullableTime
  created_by: string | null
  created_at: CreatedAt
  updated_at: Generated<Date>
}

/** The outbox: one event to send to one webhook, written in the changing transaction, with its last attempt. */
export interface WebhookDeliveriesTable {
  id: Generated<string>
  seq: Generated<string>
  workspace_id: string
  webhook_id: string
  message_id: string
  event_type: string
  payload: Json
  status: ColumnType<WebhookDeliveryStatus, WebhookDeliveryStatus | undefined, WebhookDeliveryStatus>
  attempts: Generated<number>
  next_attempt_at: Generated<Date>
  locked_until: NullableTime
  last_attempt_at: NullableTime
  last_status_code: number | null
  last_duration_ms: number | null
  last_error: string | null
  response_excerpt: string | null
  delivered_at: NullableTime
  created_at: CreatedAt
}

/** A project locale last seen at 100% translated or reviewed: locale.completed fires on reaching it. */
export interface LocaleCompletionsTable {
  project_id: string
  locale: string
  kind: 'translated' | 'reviewed'
}

export type Webhook = Selectable<WebhooksTable>
export type WebhookDelivery = Selectable<WebhookDeliveriesTable>
/** OAuth clients: registered (RFC 7591) or known by their metadata document URL (fetched, cached until expires_at). */
export interface OAuthClientsTable {
  client_id: string
  source: 'registered' | 'metadata_document'
  client_name: string
  redirect_uris: JsonOf<string[]>
  metadata: JsonOf<Record<string, unknown>>
  created_at: CreatedAt
  expires_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>
}

/** One consent's chain of codes and tokens; revoking it ends them all. */
export interface OAuthFamiliesTable {
  id: Generated<string>
  client_id: string
  user_id: string
  scope: string
  resource: string
  created_at: CreatedAt
  revoked_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>
  revoked_reason: string | null
}

/** Authorization codes by SHA-256; spent once. */
export interface OAuthCodesTable {
  code_hash: string
  family_id: string
  redirect_uri: string
  code_challenge: string
  expires_at: ColumnType<Date, Date | string, Date | string>
  used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>
}

/** Access and refresh tokens by SHA-256. */
export interface OAuthTokensTable {
  hash: string
  family_id: string
  kind: 'access' | 'refresh'
  scope: string
  expires_at: ColumnType<Date, Date | string, Date | string>
  used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>
  created_at: CreatedAt
}

export type OAuthClient = Selectable<OAuthClientsTable>
export type OAuthFamily = Selectable<OAuthFamiliesTable>

/** A workspace's billing state: a cache of what Stripe holds (no row: Free, no Stripe customer). */
export interface WorkspaceBillingTable {
  workspace_id: string
  stripe_customer_id: string | null
  stripe_subscription_id: string | null
  plan: ColumnType<string, string | undefined, string>
  interval: 'monthly' | 'yearly' | null
  /** Stripe's subscription status, or 'none' without a subscription. */
  status: ColumnType<string, string | undefined, string>
  current_period_end: NullableTime
  cancel_at_period_end: ColumnType<boolean, boolean | undefined, boolean>
  has_card: ColumnType<boolean, boolean | undefined, boolean>
  revision: ColumnType<number, number | undefined, number>
  synced_at: NullableTime
  updated_at: Timestamp
}
export type WorkspaceBilling = Selectable<WorkspaceBillingTable>

/** Stripe events already applied (replays are dropped). */
export interface StripeEventsTable {
  id: string
  type: string
  workspace_id: string | null
  received_at: CreatedAt
}

/** Idempotency-Keys sent to Stripe, by workspace, op and request fingerprint. */
export interface BillingRequestsTable {
  idempotency_key: string
  workspace_id: string
  op: string
  fingerprint: string
  created_at: CreatedAt
}
