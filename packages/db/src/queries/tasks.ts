import { sql, type Kysely } from 'kysely'
import type { Database, TaskKind } from '../schema.js'

/** A task to file. */
export interface NewTask {
  workspace_id: string
  kind: TaskKind
  title: string
  payload: unknown
  actions: string[]
  priority?: number
  subject: string | null
  job_id?: string | null
}

/** Files tasks, skipping any whose kind and subject already have an open or claimed task; returns how many were filed. */
export async function fileTasks(db: Kysely<Database>, tasks: readonly NewTask[]): Promise<number> {
  let filed = 0
  for (const t of tasks) {
    const rows = await sql<{ id: string }>`
      INSERT INTO tasks (workspace_id, kind, title, payload, actions, priority, subject, job_id)
      SELECT ${t.workspace_id}::uuid, ${t.kind}, ${t.title}, ${JSON.stringify(t.payload)}::text::jsonb, ${sql.raw('ARRAY[')}${sql.join(t.actions.map((a) => sql`${a}::text`))}${sql.raw(']')}, ${t.priority ?? 50}::int, ${t.subject}, ${t.job_id ?? null}::uuid
      WHERE NOT EXISTS (SELECT 1 FROM tasks WHERE workspace_id = ${t.workspace_id}::uuid AND kind = ${t.kind} AND subject = ${t.subject} AND status IN ('open', 'claimed'))
      ON CONFLICT DO NOTHING
      RETURNING id`.execute(db)
    filed += rows.rows.length
  }
  return filed
}

/** Open (or claimed) tasks of a workspace, for counts. */
export async function countOpenTasks(db: Kysely<Database>, workspaceId: string): Promise<number> {
  const row = await db.selectFrom('tasks').select((eb) => eb.fn.countAll<string>().as('n')).where('workspace_id', '=', workspaceId).where('status', 'in', ['open', 'claimed']).executeTakeFirstOrThrow()
  return Number(row.n)
}
