import { activeWebhooksOf, insertDeliveries, projectRefsOf, type Db, type Surface, type Webhook } from '@tolk/db'
import type { Actor } from '../../context.js'
import type { EventData, EventType } from '../../contract/webhook-events.js'
import { newMessageId } from './signing.js'

/** An event to write into the outbox: its data, and the project and locale its webhooks' filters judge it by. */
export interface OutgoingEvent<T extends EventType = EventType> {
  type: T
  data: EventData<T>
  /** The project the event is about; null when it names none (the project filter lets it through). */
  projectId: string | null
  /** The locale the event is about; null when it names none (the locale filter lets it through). */
  locale: string | null
}

/** Who caused events and from where: every event carries both, so a receiver can ignore the echo of its own changes. */
export interface EventOrigin {
  workspaceId: string
  actor: Actor
  surface: Surface
}

/** A webhook as the matcher reads it. */
export type Subscriber = Pick<Webhook, 'id' | 'events' | 'project_ids' | 'locales'>

/** Whether webhook `hook` takes `event`: subscribed to its type, and its filters hold where the event names a project or locale. */
export function matches(hook: Subscriber, event: OutgoingEvent): boolean {
  if (!hook.events.includes(event.type)) return false
  if (hook.project_ids && event.projectId && !hook.project_ids.includes(event.projectId)) return false
  if (hook.locales && event.locale && !hook.locales.includes(event.locale)) return false
  return true
}

/** The JSON body of an event as every delivery posts it (Standard Webhooks: type, timestamp, data). */
export function envelope(origin: EventOrigin, event: OutgoingEvent, at: Date): Record<string, unknown> {
  return { type: event.type, timestamp: at.toISOString(), workspace_id: origin.workspaceId, actor: origin.actor, surface: origin.surface, data: event.data }
}

/**
 * Writes events into the outbox: one delivery per matching active webhook of the workspace, in the caller's
 * transaction, so a rolled-back change sends nothing and a committed one is never lost. Returns how many it wrote.
 * `hooks` may be passed when the caller already read them.
 */
export async function writeEvents(db: Db, origin: EventOrigin, events: readonly OutgoingEvent[], hooks?: readonly Subscriber[]): Promise<number> {
  if (events.length === 0) return 0
  const subscribers = hooks ?? (await activeWebhooksOf(db, origin.workspaceId))
  if (subscribers.length === 0) return 0
  const at = new Date()
  const rows = events.flatMap((event) => {
    const targets = subscribers.filter((h) => matches(h, event))
    if (targets.length === 0) return []
    // One message id per event: the same event reaching two endpoints is one message (Standard Webhooks).
    const messageId = newMessageId()
    const payload = envelope(origin, event, at)
    return targets.map((h) => ({ workspace_id: origin.workspaceId, webhook_id: h.id, message_id: messageId, event_type: event.type, payload }))
  })
  await insertDeliveries(db, rows)
  return rows.length
}

/** Writes one event caused by an op into the outbox, in the op's transaction. */
export function writeOpEvent(ctx: { db: Db; workspaceId: string; principal: { actor: Actor }; surface: Surface }, event: OutgoingEvent): Promise<number> {
  return writeEvents(ctx.db, { workspaceId: ctx.workspaceId, actor: ctx.principal.actor, surface: ctx.surface }, [event])
}

/** {id, slug, name} of a project, or null: what events name a project by. */
export async function projectRefOrNull(ctx: { db: Db }, projectId: string | null): Promise<{ id: string; slug: string; name: string } | null> {
  if (!projectId) return null
  const p = (await projectRefsOf(ctx.db, [projectId])).get(projectId)
  return p ? { id: p.id, slug: p.slug, name: p.name } : null
}
