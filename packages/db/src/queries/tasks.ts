import { sql, type Expression, type Kysely, type Selectable, type SqlBool } from 'kysely'
import type { Database, Surface, TaskFiler, TaskKind, TaskStatus, TasksTable } from '../schema.js'

/** A review task row. */
export type Task = Selectable<TasksTable>

/** A task to file. Its actions are not stored: core's task-kind registry names them. */
export interface NewTask {
  workspace_id: string
  kind: TaskKind
  /** One line a person can act on. */
  title: string
  /** Everything needed to decide without another call. */
  payload: unknown
  /** Higher first (core/services/task-priority.ts); default 50. */
  priority?: number
  /** What the task is about: no second open task of the same kind and subject is filed. */
  subject: string | null
  job_id?: string | null
  project_id?: string | null
  locale?: string | null
  unit_id?: string | null
  filed_by: TaskFiler
  /**
   * When an open task of the same kind and subject exists, bring its title and payload up to date instead of skipping;
   * its priority becomes the higher of the two (a refresh adds to what the task is about, it never makes it matter less).
   */
  refresh?: boolean
}

/** Rows per filing statement. */
const FILE_CHUNK = 1000

/**
 * Files tasks in a few statements, skipping any whose kind and subject already have an open or claimed task (or, with
 * `refresh`, updating that task). Returns how many new tasks were filed.
 */
export async function fileTasks(db: Kysely<Database>, tasks: readonly NewTask[]): Promise<number> {
  let filed = 0
  for (const refresh of [false, true]) {
    const group = tasks.filter((t) => Boolean(t.refresh) === refresh)
    for (let i = 0; i < group.length; i += FILE_CHUNK) {
      const part = group.slice(i, i + FILE_CHUNK)
      const rows = sql`
        SELECT * FROM unnest(${part.map((t) => t.workspace_id)}::uuid[], ${part.map((t) => t.kind)}::text[], ${part.map((t) => t.title)}::text[],
          ${part.map((t) => JSON.stringify(t.payload ?? null))}::text[], ${part.map((t) => t.priority ?? 50)}::int[], ${part.map((t) => t.subject)}::text[],
          ${part.map((t) => t.job_id ?? null)}::uuid[], ${part.map((t) => t.project_id ?? null)}::uuid[], ${part.map((t) => t.locale ?? null)}::text[],
          ${part.map((t) => t.unit_id ?? null)}::uuid[], ${part.map((t) => t.filed_by)}::text[])
          AS v (workspace_id, kind, title, payload, priority, subject, job_id, project_id, locale, unit_id, filed_by)`
      // The partial unique index (workspace, kind, subject) over open and claimed tasks decides what is a duplicate,
      // also between two rows of this statement and between concurrent filers.
      const onConflict = refresh
        ? sql`ON CONFLICT (workspace_id, kind, subject) WHERE status IN ('open', 'claimed') AND subject IS NOT NULL
            DO UPDATE SET title = excluded.title, payload = excluded.payload, priority = greatest(tasks.priority, excluded.priority), job_id = coalesce(excluded.job_id, tasks.job_id),
              locale = coalesce(excluded.locale, tasks.locale)`
        : sql`ON CONFLICT DO NOTHING`
      const res = await sql<{ inserted: boolean }>`
        INSERT INTO tasks (workspace_id, kind, title, payload, priority, subject, job_id, project_id, locale, unit_id, filed_by)
        SELECT workspace_id, kind, title, payload::jsonb, priority, subject, job_id, project_id, locale, unit_id, filed_by FROM (${rows}) AS r
        ${onConflict}
        RETURNING (xmax = 0) AS inserted`.execute(db)
      filed += res.rows.filter((r) => r.inserted).length
    }
  }
  return filed
}

/** Open (or claimed) tasks of a workspace, for counts. */
export async function countOpenTasks(db: Kysely<Database>, workspaceId: string): Promise<number> {
  const row = await db.selectFrom('tasks').select((eb) => eb.fn.countAll<string>().as('n')).where('workspace_id', '=', workspaceId).where('status', 'in', ['open', 'claimed']).executeTakeFirstOrThrow()
  return Number(row.n)
}

/** Which tasks list_tasks and claim_tasks look at. `open` includes claimed tasks whose claim has expired. */
export interface TaskFilter {
  kind?: TaskKind
  status?: TaskStatus | 'any'
  project_id?: string
  locale?: string
  unit_id?: string
  /** An audit_finding's check (its payload's `check`). */
  check?: string
}

/** The condition for tasks of `status` at `now` (claims expire by the clock alone). */
function statusIs(status: TaskStatus | 'any', now: Date): Expression<SqlBool> {
  switch (status) {
    case 'open':
      return sql<SqlBool>`(status = 'open' OR (status = 'claimed' AND claim_expires_at <= ${now}))`
    case 'claimed':
      return sql<SqlBool>`(status = 'claimed' AND claim_expires_at > ${now})`
    case 'any':
      return sql<SqlBool>`true`
    default:
      return sql<SqlBool>`status = ${status}`
  }
}

/**
 * Tasks about a unit: the task's unit, or another unit only its payload names: `b` of a merge_suggestion (the pair's
 * other unit), `split` of a translations_differ merge_review (the key's own unit) and the `items` of a grouped
 * audit_finding. Read in the workspace's tasks of the asked status only; the task's own unit is the common case.
 */
function aboutUnit(unitId: string): Expression<SqlBool> {
  return sql<SqlBool>`(unit_id = ${unitId}::uuid
    OR (kind = 'merge_suggestion' AND payload -> 'b' ->> 'unit_id' = ${unitId}::text)
    OR (kind = 'merge_review' AND payload -> 'split' ->> 'unit_id' = ${unitId}::text)
    OR (kind = 'audit_finding' AND payload -> 'items' @> ${JSON.stringify([{ unit_id: unitId }])}::text::jsonb))`
}

/**
 * Tasks about a locale: the task's locale, or any locale a merge_review of a conflicting import lists in its
 * `differences` (a multi-locale file's key can differ in several locales at once; one decision covers them all).
 */
function inLocale(locale: string): Expression<SqlBool> {
  return sql<SqlBool>`(locale = ${locale}
    OR (kind = 'merge_review' AND payload -> 'differences' @> jsonb_build_array(jsonb_build_object('locale', ${locale}::text))))`
}

function filtered(db: Kysely<Database>, workspaceId: string, f: TaskFilter, now: Date) {
  let q = db.selectFrom('tasks').where('workspace_id', '=', workspaceId).where(statusIs(f.status ?? 'open', now))
  if (f.kind) q = q.where('kind', '=', f.kind)
  if (f.project_id) q = q.where('project_id', '=', f.project_id)
  if (f.locale) q = q.where(inLocale(f.locale))
  if (f.unit_id) q = q.where(aboutUnit(f.unit_id))
  if (f.check) q = q.where(sql<SqlBool>`payload ->> 'check' = ${f.check}::text`)
  return q
}

/** A page of tasks, highest priority first, then oldest, with the total matching. */
export async function listTasks(db: Kysely<Database>, workspaceId: string, f: TaskFilter, now: Date, page: { limit: number; offset: number }): Promise<{ tasks: Task[]; total: number }> {
  const [tasks, count] = await Promise.all([
    filtered(db, workspaceId, f, now).selectAll().orderBy('priority', 'desc').orderBy('created_at', 'asc').orderBy('id', 'asc').limit(page.limit).offset(page.offset).execute(),
    filtered(db, workspaceId, f, now).select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ])
  return { tasks, total: Number(count.n) }
}

/** How many tasks match the filter at `now`. */
export async function countTasks(db: Kysely<Database>, workspaceId: string, f: TaskFilter, now: Date): Promise<number> {
  const row = await filtered(db, workspaceId, f, now).select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()
  return Number(row.n)
}

/**
 * Dismisses every open task matching the filter (open includes expired claims; live claims are left to their holder)
 * with one resolution; rows another transaction is claiming or resolving are skipped. Returns how many it closed.
 */
export async function dismissOpenTasks(db: Kysely<Database>, workspaceId: string, f: Omit<TaskFilter, 'status'>, now: Date, c: Omit<TaskClosing, 'status' | 'result'>): Promise<number> {
  const picked = filtered(db, workspaceId, { ...f, status: 'open' }, now).select('id').forUpdate().skipLocked()
  const rows = await db.updateTable('tasks')
    .set({ status: 'dismissed', resolved_action: c.action, note: c.note, resolved_by: c.by, resolved_surface: c.surface, resolved_at: c.at, claim_expires_at: null })
    .where('id', 'in', picked).returning('id').execute()
  return rows.length
}

/** Who claims: shown as `name`, matched by `id` to refresh one's own claims. */
export interface Claimer {
  id: string
  name: string
}

/** The queue's one order, as list_tasks and claim_tasks answer: highest priority first, then oldest, then by id. */
export const compareTasks = (a: Task, b: Task): number =>
  b.priority - a.priority || new Date(a.created_at).getTime() - new Date(b.created_at).getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)

/**
 * Claims up to `limit` tasks for the claimer until `until`: first the claimer's own unexpired claims matching the
 * filter (refreshed), then open tasks by priority and age. Rows another transaction is claiming are skipped (SKIP
 * LOCKED), so two callers at once never get the same task. Returns refreshed and new claims together in the queue's
 * order (compareTasks).
 */
export async function claimTasks(db: Kysely<Database>, workspaceId: string, f: Omit<TaskFilter, 'status'>, who: Claimer, now: Date, until: Date, limit: number): Promise<Task[]> {
  const mine = filtered(db, workspaceId, { ...f, status: 'claimed' }, now).select('id').where('claimer_id', '=', who.id)
    .orderBy('priority', 'desc').orderBy('created_at', 'asc').orderBy('id', 'asc').limit(limit).forUpdate().skipLocked()
  const refreshed = await db.updateTable('tasks').set({ claim_expires_at: until, claimed_by: who.name }).where('id', 'in', mine).returningAll().execute()
  const room = limit - refreshed.length
  if (room <= 0) return refreshed.sort(compareTasks)
  const picked = filtered(db, workspaceId, { ...f, status: 'open' }, now)
    .select('id').orderBy('priority', 'desc').orderBy('created_at', 'asc').orderBy('id', 'asc').limit(room).forUpdate().skipLocked()
  const claimed = await db.updateTable('tasks')
    .set({ status: 'claimed', claimed_by: who.name, claimer_id: who.id, claim_expires_at: until })
    .where('id', 'in', picked)
    .returningAll().execute()
  return [...refreshed, ...claimed].sort(compareTasks)
}

/** The workspace's task with this id, locked for resolving. */
export function findTaskForUpdate(db: Kysely<Database>, workspaceId: string, id: string): Promise<Task | undefined> {
  return db.selectFrom('tasks').selectAll().where('workspace_id', '=', workspaceId).where('id', '=', id).forUpdate().executeTakeFirst()
}

/** The workspace's task with this id. */
export function findTask(db: Kysely<Database>, workspaceId: string, id: string): Promise<Task | undefined> {
  return db.selectFrom('tasks').selectAll().where('workspace_id', '=', workspaceId).where('id', '=', id).executeTakeFirst()
}

/** How a task was closed. */
export interface TaskClosing {
  status: 'resolved' | 'dismissed'
  /** The action taken; null when the task closed because its subject went. */
  action: string | null
  note: string
  by: string
  surface: Surface | null
  at: Date
  result: unknown
}

/** Closes a task with its resolution; returns the closed row. */
export function closeTask(db: Kysely<Database>, id: string, c: TaskClosing): Promise<Task> {
  return db.updateTable('tasks')
    .set({
      status: c.status, resolved_action: c.action, note: c.note, resolved_by: c.by, resolved_surface: c.surface, resolved_at: c.at,
      result: c.result === undefined ? null : sql`${JSON.stringify(c.result)}::text::jsonb`, claim_expires_at: null,
    })
    .where('id', '=', id).returningAll().executeTakeFirstOrThrow()
}

/** The open (or claimed) task of a kind with this subject, if any: what a refresh would update. */
export function findOpenTaskBySubject(db: Kysely<Database>, workspaceId: string, kind: TaskKind, subject: string): Promise<Task | undefined> {
  return db.selectFrom('tasks').selectAll().where('workspace_id', '=', workspaceId).where('kind', '=', kind).where('subject', '=', subject)
    .where('status', 'in', ['open', 'claimed']).executeTakeFirst()
}

/** Subjects of the kind that have a task in any status (a pair kept separate, merged, or already suggested). */
export async function subjectsWithTasks(db: Kysely<Database>, workspaceId: string, kind: TaskKind, subjects: readonly string[]): Promise<Set<string>> {
  if (subjects.length === 0) return new Set()
  const rows = await sql<{ subject: string }>`
    SELECT DISTINCT t.subject FROM tasks t JOIN unnest(${subjects}::text[]) AS v (subject) ON t.subject = v.subject
    WHERE t.workspace_id = ${workspaceId}::uuid AND t.kind = ${kind}`.execute(db)
  return new Set(rows.rows.map((r) => r.subject))
}

/** A key of a unit whose keys' contexts differ, with where it sits. */
export interface ContextKey {
  unit_id: string
  id: string
  name: string
  context: string
  comment: string
  project_id: string
  project_slug: string
  file_pattern: string
}

/**
 * The active keys of those given units whose keys differ in context: another msgctxt, or two different non-empty
 * developer comments (descriptions). Reads only the given units' keys, one keys_unit_idx probe per unit,
 * so its cost follows the units a push touched, never the size of the keys table.
 */
export async function keysOfUnitsWithDifferingContext(db: Kysely<Database>, unitIds: readonly string[]): Promise<ContextKey[]> {
  if (unitIds.length === 0) return []
  const out: ContextKey[] = []
  for (let i = 0; i < unitIds.length; i += 10_000) {
    const part = unitIds.slice(i, i + 10_000)
    const rows = await sql<ContextKey>`
      WITH k AS MATERIALIZED (
        SELECT k.unit_id, k.id, k.name, k.context, k.comment, k.project_id, k.file_id, k.position
        FROM (SELECT DISTINCT id FROM unnest(${part}::uuid[]) AS v (id)) u
        CROSS JOIN LATERAL (SELECT * FROM keys k WHERE k.unit_id = u.id OFFSET 0) k
        -- Outside the fence: inside it, a keys table filled in this transaction (no statistics yet, so removed_at
        -- IS NULL looks rare) got a BitmapAnd with the partial keys_file_position_idx, a scan of every active key
        -- per unit (16 s of a first 100,000-key push). Here the probe uses keys_unit_idx alone.
        WHERE k.removed_at IS NULL
      ), differing AS (
        SELECT unit_id FROM k GROUP BY unit_id HAVING count(DISTINCT context) > 1 OR count(DISTINCT nullif(comment, '')) > 1
      )
      SELECT k.unit_id, k.id, k.name, k.context, k.comment, k.project_id, p.slug AS project_slug, f.pattern AS file_pattern
      FROM k JOIN differing d ON d.unit_id = k.unit_id JOIN projects p ON p.id = k.project_id JOIN files f ON f.id = k.file_id
      ORDER BY k.unit_id, p.slug, f.pattern, k.position, k.id`.execute(db)
    out.push(...rows.rows)
  }
  return out
}
