import { sql, type Kysely, type Updateable } from 'kysely'
import type { Database, Webhook, WebhookDelivery, WebhooksTable, WebhookDeliveryStatus } from '../schema.js'

/** Adds a webhook. */
export function insertWebhook(db: Kysely<Database>, row: { workspace_id: string; url: string; description: string; events: string[]; project_ids: string[] | null; locales: string[] | null; secret: string; created_by: string | null }): Promise<Webhook> {
  return db.insertInto('webhooks').values({ ...row, events: jsonb(row.events), project_ids: jsonOrNull(row.project_ids), locales: jsonOrNull(row.locales) }).returningAll().executeTakeFirstOrThrow()
}

// JSON sent as text and cast by the server: postgres.js JSON-encodes a parameter the server types jsonb, so it goes as text.
const jsonb = (value: unknown) => sql<never>`cast(cast(${JSON.stringify(value)} as text) as jsonb)`
const jsonOrNull = (value: string[] | null) => (value === null ? null : jsonb(value))

/** The workspace's webhooks with how many deliveries each has waiting, oldest first. */
export function listWebhooks(db: Kysely<Database>, workspaceId: string): Promise<(Webhook & { pending: number })[]> {
  return db.selectFrom('webhooks as w').selectAll('w')
    .select((eb) => eb.selectFrom('webhook_deliveries as d').whereRef('d.webhook_id', '=', 'w.id').where('d.status', '=', 'pending').select(sql<number>`count(*)::int`.as('n')).as('pending'))
    .where('w.workspace_id', '=', workspaceId).orderBy('w.created_at').orderBy('w.id').execute() as Promise<(Webhook & { pending: number })[]>
}

/** The workspace's webhook with this id. */
export function findWebhook(db: Kysely<Database>, workspaceId: string, id: string): Promise<Webhook | undefined> {
  return db.selectFrom('webhooks').selectAll().where('workspace_id', '=', workspaceId).where('id', '=', id).executeTakeFirst()
}

/** How many deliveries of a webhook wait. */
export async function countPendingDeliveries(db: Kysely<Database>, webhookId: string): Promise<number> {
  const r = await db.selectFrom('webhook_deliveries').select(sql<number>`count(*)::int`.as('n')).where('webhook_id', '=', webhookId).where('status', '=', 'pending').executeTakeFirstOrThrow()
  return Number(r.n)
}

/** Changes a webhook; array filters are given as arrays or null. */
export function updateWebhook(db: Kysely<Database>, workspaceId: string, id: string, patch: Omit<Updateable<WebhooksTable>, 'project_ids' | 'locales' | 'events'> & { events?: string[]; project_ids?: string[] | null; locales?: string[] | null }): Promise<Webhook | undefined> {
  const { events, project_ids: projectIds, locales, ...rest } = patch
  return db.updateTable('webhooks').set({
    ...rest, updated_at: sql<Date>`now()`,
    ...(events !== undefined ? { events: jsonb(events) } : {}),
    ...(projectIds !== undefined ? { project_ids: jsonOrNull(projectIds) } : {}),
    ...(locales !== undefined ? { locales: jsonOrNull(locales) } : {}),
  }).where('workspace_id', '=', workspaceId).where('id', '=', id).returningAll().executeTakeFirst()
}

/** Deletes a webhook and its deliveries; false when there was none. */
export async function deleteWebhook(db: Kysely<Database>, workspaceId: string, id: string): Promise<boolean> {
  const r = await db.deleteFrom('webhooks').where('workspace_id', '=', workspaceId).where('id', '=', id).executeTakeFirst()
  return Number(r.numDeletedRows) > 0
}

/** The active webhooks of a workspace: what an event is matched against. */
export function activeWebhooksOf(db: Kysely<Database>, workspaceId: string): Promise<Pick<Webhook, 'id' | 'events' | 'project_ids' | 'locales'>[]> {
  return db.selectFrom('webhooks').select(['id', 'events', 'project_ids', 'locales']).where('workspace_id', '=', workspaceId).where('active', '=', true).execute()
}

/** A delivery to write into the outbox. */
export interface NewDelivery {
  workspace_id: string
  webhook_id: string
  message_id: string
  event_type: string
  payload: unknown
}

/** Writes deliveries into the outbox (in the changing transaction); returns their ids in order. */
export async function insertDeliveries(db: Kysely<Database>, rows: readonly NewDelivery[]): Promise<string[]> {
  if (rows.length === 0) return []
  const out = await db.insertInto('webhook_deliveries').values(rows.map((r) => ({ ...r, payload: jsonb(r.payload) }))).returning('id').execute()
  return out.map((r) => r.id)
}

/** A webhook's deliveries, newest first. */
export function listDeliveries(db: Kysely<Database>, webhookId: string, f: { status?: WebhookDeliveryStatus; limit: number }): Promise<WebhookDelivery[]> {
  let q = db.selectFrom('webhook_deliveries').selectAll().where('webhook_id', '=', webhookId)
  if (f.status) q = q.where('status', '=', f.status)
  return q.orderBy('seq', 'desc').limit(f.limit).execute()
}

/** The workspace's delivery with this id. */
export function findDelivery(db: Kysely<Database>, workspaceId: string, id: string): Promise<WebhookDelivery | undefined> {
  return db.selectFrom('webhook_deliveries').selectAll().where('workspace_id', '=', workspaceId).where('id', '=', id).executeTakeFirst()
}

/**
 * Deliveries due now that head their webhook's queue (the oldest pending non-ping one of an active webhook), so each
 * webhook gets its events in order; one whose lease (a runner working on it) has not run out is skipped.
 */
export async function dueDeliveryHeads(db: Kysely<Database>, limit: number): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    SELECT h.id FROM (
      SELECT DISTINCT ON (d.webhook_id) d.id, d.next_attempt_at, d.locked_until
      FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id AND w.active
      WHERE d.status = 'pending' AND d.event_type <> 'ping'
      ORDER BY d.webhook_id, d.seq
    ) h
    WHERE h.next_attempt_at <= now() AND (h.locked_until IS NULL OR h.locked_until < now())
    UNION ALL
    -- A ping is sent by test_webhook itself; one left pending (its server stopped first) is sent from here a minute on.
    SELECT d.id FROM webhook_deliveries d
    WHERE d.status = 'pending' AND d.event_type = 'ping' AND d.created_at < now() - interval '1 minute' AND (d.locked_until IS NULL OR d.locked_until < now())
    LIMIT ${limit}`.execute(db)
  return rows.map((r) => r.id)
}

/** A claimed delivery with what sending it needs. */
export type ClaimedDelivery = WebhookDelivery & { url: string; secret: string; failing_since: Date | null }

/**
 * Takes a pending delivery for one attempt: counts the attempt and leases it for `leaseMs`, so no other runner sends
 * it meanwhile and a runner that dies leaves it to the next once the lease runs out. Undefined when another holds it.
 */
export async function claimDelivery(db: Kysely<Database>, id: string, leaseMs: number): Promise<ClaimedDelivery | undefined> {
  const { rows } = await sql<ClaimedDelivery>`
    UPDATE webhook_deliveries d SET attempts = d.attempts + 1, locked_until = now() + ${leaseMs} * interval '1 millisecond', last_attempt_at = now()
    FROM webhooks w
    WHERE d.id = ${id} AND w.id = d.webhook_id AND d.status = 'pending' AND (d.locked_until IS NULL OR d.locked_until < now())
    RETURNING d.*, w.url, w.secret, w.failing_since`.execute(db)
  return rows[0]
}

/** The outcome of one attempt. */
export interface AttemptRecord {
  status: WebhookDeliveryStatus
  status_code: number | null
  duration_ms: number
  error: string | null
  excerpt: string | null
  /** When to try again (status pending). */
  next_attempt_at?: Date
}

/** Stores an attempt's outcome and releases the lease. */
export async function recordAttempt(db: Kysely<Database>, id: string, a: AttemptRecord): Promise<WebhookDelivery | undefined> {
  return db.updateTable('webhook_deliveries').set({
    status: a.status, last_status_code: a.status_code, last_duration_ms: a.duration_ms, last_error: a.error, response_excerpt: a.excerpt,
    locked_until: null, ...(a.next_attempt_at ? { next_attempt_at: a.next_attempt_at } : {}),
    ...(a.status === 'delivered' ? { delivered_at: sql<Date>`now()` } : {}),
  }).where('id', '=', id).returningAll().executeTakeFirst()
}

/** A delivery succeeded: the webhook is no longer failing. */
export async function clearWebhookFailing(db: Kysely<Database>, webhookId: string): Promise<void> {
  await db.updateTable('webhooks').set({ failing_since: null }).where('id', '=', webhookId).where('failing_since', 'is not', null).execute()
}

/**
 * A delivery failed: notes since when the webhook fails, and disables it with `reason` once it has failed for
 * `disableAfterMs`. Returns whether it was disabled now.
 */
export async function markWebhookFailing(db: Kysely<Database>, webhookId: string, disableAfterMs: number, reason: string): Promise<boolean> {
  await db.updateTable('webhooks').set({ failing_since: sql<Date>`coalesce(failing_since, now())` }).where('id', '=', webhookId).execute()
  const r = await db.updateTable('webhooks').set({ active: false, disabled_at: sql<Date>`now()`, disabled_reason: reason, updated_at: sql<Date>`now()` })
    .where('id', '=', webhookId).where('active', '=', true).where('failing_since', '<=', sql<Date>`now() - ${disableAfterMs} * interval '1 millisecond'`).executeTakeFirst()
  return Number(r.numUpdatedRows) > 0
}

/** Translation changes this transaction wrote (history rows stamped with its start time, now()). */
export async function historyOfThisTransaction(db: Kysely<Database>, workspaceId: string): Promise<HistoryChange[]> {
  const { rows } = await sql<HistoryChange>`
    SELECT DISTINCT ON (unit_id, locale) unit_id, locale, after ->> 'status' AS status, before ->> 'status' AS before_status
    FROM translation_history WHERE workspace_id = ${workspaceId} AND created_at = now()
    ORDER BY unit_id, locale, created_at DESC, id DESC`.execute(db)
  return rows
}

/** Translation changes a job wrote, whatever transaction wrote them. */
export async function historyOfJob(db: Kysely<Database>, jobId: string): Promise<HistoryChange[]> {
  const { rows } = await sql<HistoryChange>`
    SELECT DISTINCT ON (unit_id, locale) unit_id, locale, after ->> 'status' AS status, NULL AS before_status
    FROM translation_history WHERE job_id = ${jobId}
    ORDER BY unit_id, locale, created_at DESC`.execute(db)
  return rows
}

/** One translation a change wrote: its status after, and before (null when new). */
export interface HistoryChange {
  unit_id: string
  locale: string
  status: string
  before_status: string | null
}

/** Tasks this transaction filed (or, with `jobId`, that a job filed). */
export function newTasks(db: Kysely<Database>, workspaceId: string, jobId?: string) {
  let q = db.selectFrom('tasks').select(['id', 'kind', 'title', 'priority', 'project_id', 'locale']).where('workspace_id', '=', workspaceId)
  q = jobId ? q.where('job_id', '=', jobId) : q.where('created_at', '=', sql<Date>`now()`)
  return q.orderBy('priority', 'desc').orderBy('id').execute()
}

/** The active projects of each unit: a translation change is reported per project. */
export async function projectsOfUnits(db: Kysely<Database>, unitIds: readonly string[]): Promise<{ unit_id: string; project_id: string }[]> {
  if (unitIds.length === 0) return []
  const { rows } = await sql<{ unit_id: string; project_id: string }>`
    SELECT DISTINCT unit_id, project_id FROM keys WHERE unit_id = ANY(${[...unitIds]}::uuid[]) AND removed_at IS NULL`.execute(db)
  return rows
}

/** For one project and locales: its units in use, how many have a translation, and how many are reviewed or approved. */
export async function localeProgress(db: Kysely<Database>, projectId: string, locales: readonly string[]): Promise<{ locale: string; units: number; translated: number; reviewed: number }[]> {
  if (locales.length === 0) return []
  const { rows } = await sql<{ locale: string; units: number; translated: number; reviewed: number }>`
    WITH pu AS (SELECT DISTINCT unit_id FROM keys WHERE project_id = ${projectId} AND removed_at IS NULL)
    SELECT l.locale, (SELECT count(*) FROM pu)::int AS units,
      count(t.unit_id)::int AS translated,
      count(t.unit_id) FILTER (WHERE t.status IN ('reviewed', 'approved'))::int AS reviewed
    FROM unnest(${[...locales]}::text[]) AS l(locale)
    LEFT JOIN translations t ON t.locale = l.locale AND t.unit_id IN (SELECT unit_id FROM pu)
    GROUP BY l.locale`.execute(db)
  return rows.map((r) => ({ locale: r.locale, units: Number(r.units), translated: Number(r.translated), reviewed: Number(r.reviewed) }))
}

/** Records whether a project locale is complete at a level; true when it just became complete. */
export async function setLocaleComplete(db: Kysely<Database>, projectId: string, locale: string, kind: 'translated' | 'reviewed', complete: boolean): Promise<boolean> {
  if (!complete) {
    await db.deleteFrom('locale_completions').where('project_id', '=', projectId).where('locale', '=', locale).where('kind', '=', kind).execute()
    return false
  }
  const r = await db.insertInto('locale_completions').values({ project_id: projectId, locale, kind }).onConflict((oc) => oc.doNothing()).returning('locale').executeTakeFirst()
  return r !== undefined
}

/** {id, slug, name} of each project by id. */
export async function projectRefsOf(db: Kysely<Database>, ids: readonly string[]): Promise<Map<string, { id: string; slug: string; name: string; target_locales: string[] }>> {
  if (ids.length === 0) return new Map()
  const rows = await db.selectFrom('projects').select(['id', 'slug', 'name', 'target_locales']).where('id', 'in', [...new Set(ids)]).execute()
  return new Map(rows.map((r) => [r.id, r as { id: string; slug: string; name: string; target_locales: string[] }]))
}

/** The audit a job ran, for audit.finished. */
export function findAuditByJob(db: Kysely<Database>, jobId: string) {
  return db.selectFrom('audits').select(['id', 'locale', 'score', 'summary', 'project_id', 'job_id']).where('job_id', '=', jobId).executeTakeFirst()
}
