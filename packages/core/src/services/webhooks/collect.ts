import {
  activeWebhooksOf, historyOfJob, historyOfThisTransaction, localeProgress, newTasks, projectRefsOf, projectsOfUnits, setLocaleComplete,
  type Db, type HistoryChange, type TaskKind, type TranslationStatus,
} from '@tolk/db'
import { MAX_EVENT_ITEMS, type EventType } from '../../contract/webhook-events.js'
import { writeEvents, type EventOrigin, type OutgoingEvent, type Subscriber } from './emit.js'

// Events that summarise what one change wrote, found at its end: translations by project and locale (one event for
// a whole push, job or person's change, not one per string), the locales that reached 100%, and the tasks filed.

/** What made the change: an op, or a job. */
export interface Cause {
  op: string | null
  job_id: string | null
}

type ProjectRefs = Awaited<ReturnType<typeof projectRefsOf>>
const refOf = (p: { id: string; slug: string; name: string }) => ({ id: p.id, slug: p.slug, name: p.name })

/**
 * At the end of an op's transaction: writes translation.updated / translation.approved per project and locale,
 * locale.completed for locales that reached 100%, and task.created for tasks filed. `projectIds` names projects
 * whose keys changed (a push), so their locales are checked for completion even when no translation changed.
 */
export async function writeTransactionEvents(db: Db, origin: EventOrigin, cause: Cause, projectIds: readonly string[] = []): Promise<void> {
  const hooks = await activeWebhooksOf(db, origin.workspaceId)
  if (hooks.length === 0) return
  const wanted = new Set(hooks.flatMap((h) => h.events))
  const changes = wants(wanted, 'translation.updated', 'translation.approved', 'locale.completed') ? await historyOfThisTransaction(db, origin.workspaceId) : []
  const tasks = wanted.has('task.created') ? await newTasks(db, origin.workspaceId) : []
  await writeChangeEvents(db, origin, hooks, wanted, cause, changes, tasks, projectIds)
}

/** When a job finishes, in the transaction that closes it: the same summary events for everything the job wrote. */
export async function writeJobChangeEvents(db: Db, origin: EventOrigin, jobId: string, projectIds: readonly string[], hooks: readonly Subscriber[]): Promise<void> {
  const wanted = new Set(hooks.flatMap((h) => h.events))
  const changes = wants(wanted, 'translation.updated', 'translation.approved', 'locale.completed') ? await historyOfJob(db, jobId) : []
  const tasks = wanted.has('task.created') ? await newTasks(db, origin.workspaceId, jobId) : []
  await writeChangeEvents(db, origin, hooks, wanted, { op: null, job_id: jobId }, changes, tasks, projectIds)
}

/** Appends to the list under `key` (a push of 100,000 strings groups without copying lists). */
function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key)
  if (list) list.push(value)
  else map.set(key, [value])
}

const wants = (wanted: Set<string>, ...types: EventType[]) => types.some((t) => wanted.has(t))

async function writeChangeEvents(
  db: Db, origin: EventOrigin, hooks: readonly Subscriber[], wanted: Set<string>, cause: Cause,
  changes: HistoryChange[], tasks: Awaited<ReturnType<typeof newTasks>>, projectIds: readonly string[],
): Promise<void> {
  if (changes.length === 0 && tasks.length === 0 && projectIds.length === 0) return
  const unitProjects = await projectsOfUnits(db, [...new Set(changes.map((c) => c.unit_id))])
  const projects = await projectRefsOf(db, [...unitProjects.map((u) => u.project_id), ...projectIds, ...tasks.flatMap((t) => (t.project_id ? [t.project_id] : []))])
  const events: OutgoingEvent[] = []
  // project -> locale -> changes
  const byPlace = new Map<string, Map<string, HistoryChange[]>>()
  const projectsOf = new Map<string, string[]>()
  for (const u of unitProjects) pushTo(projectsOf, u.unit_id, u.project_id)
  for (const change of changes) {
    for (const projectId of projectsOf.get(change.unit_id) ?? []) {
      const locales = byPlace.get(projectId) ?? new Map<string, HistoryChange[]>()
      byPlace.set(projectId, locales)
      pushTo(locales, change.locale, change)
    }
  }
  for (const [projectId, locales] of byPlace) {
    const project = refOf(projects.get(projectId)!)
    for (const [locale, list] of locales) {
      if (wanted.has('translation.updated')) events.push({ type: 'translation.updated', projectId, locale, data: { project, locale, ...unitList(list), cause } })
      const approved = list.filter((c) => c.status === 'approved' && c.before_status !== 'approved')
      if (approved.length > 0 && wanted.has('translation.approved')) events.push({ type: 'translation.approved', projectId, locale, data: { project, locale, ...unitList(approved), cause } })
    }
  }
  if (wanted.has('locale.completed')) events.push(...(await completionEvents(db, projects, byPlace, projectIds)))
  events.push(...taskEvents(tasks, projects))
  await writeEvents(db, origin, events, hooks)
}

function unitList(list: HistoryChange[]) {
  return {
    units: list.slice(0, MAX_EVENT_ITEMS).map((c) => ({ id: c.unit_id, status: c.status as TranslationStatus })),
    unit_count: list.length, truncated: list.length > MAX_EVENT_ITEMS,
  }
}

/**
 * locale.completed for each checked project locale that now has every unit translated (or reviewed) and did not
 * before; a locale that drops below 100% is forgotten, so reaching it again fires again.
 */
async function completionEvents(db: Db, projects: ProjectRefs, byPlace: Map<string, Map<string, unknown>>, pushedProjects: readonly string[]): Promise<OutgoingEvent[]> {
  const events: OutgoingEvent[] = []
  const checks = new Map<string, Set<string>>()
  for (const [projectId, locales] of byPlace) checks.set(projectId, new Set(locales.keys()))
  for (const projectId of pushedProjects) checks.set(projectId, new Set([...(checks.get(projectId) ?? []), ...(projects.get(projectId)?.target_locales ?? [])]))
  for (const [projectId, locales] of checks) {
    const project = projects.get(projectId)
    if (!project) continue
    const targets = [...locales].filter((l) => project.target_locales.includes(l))
    for (const p of await localeProgress(db, projectId, targets)) {
      for (const level of ['translated', 'reviewed'] as const) {
        const done = p.units > 0 && p[level] >= p.units
        if (await setLocaleComplete(db, projectId, p.locale, level, done)) {
          events.push({ type: 'locale.completed', projectId, locale: p.locale, data: { project: refOf(project), locale: p.locale, level, units: p.units } })
        }
      }
    }
  }
  return events
}

function taskEvents(tasks: Awaited<ReturnType<typeof newTasks>>, projects: ProjectRefs): OutgoingEvent[] {
  const groups = new Map<string, typeof tasks>()
  for (const t of tasks) {
    pushTo(groups, `${t.project_id ?? ''} ${t.locale ?? ''}`, t)
  }
  return [...groups.values()].map((list) => {
    const { project_id: projectId, locale } = list[0]!
    const project = projectId ? projects.get(projectId) : undefined
    return {
      type: 'task.created', projectId, locale,
      data: {
        project: project ? refOf(project) : null, locale,
        tasks: list.slice(0, MAX_EVENT_ITEMS).map((t) => ({ id: t.id, kind: t.kind as TaskKind, title: t.title, priority: t.priority })),
        task_count: list.length, truncated: list.length > MAX_EVENT_ITEMS,
      },
    }
  })
}
