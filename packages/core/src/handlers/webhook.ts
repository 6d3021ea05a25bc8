import {
  countPendingDeliveries, deleteWebhook, findDelivery, findProjectByRef, findWebhook, insertDeliveries, insertWebhook, listDeliveries, listWebhooks,
  projectRefsOf, updateWebhook, type Webhook, type WebhookDelivery,
} from '@tolk/db'
import type { AuthedContext } from '../context.js'
import type * as c from '../contract/webhook.js'
import { envelope } from '../services/webhooks/emit.js'
import { generateWebhookSecret, newMessageId } from '../services/webhooks/signing.js'
import { assertSafeUrl, UnsafeUrlError } from '../services/webhooks/url-safety.js'
import { iso } from './outputs.js'
import type { Handler } from './types.js'

/** Refuses a URL Tolk would not call (SSRF): 422 url_not_allowed, naming the address. */
async function checkUrl(ctx: AuthedContext<'url_not_allowed'>, url: string): Promise<void> {
  try {
    await assertSafeUrl(url, ctx.webhookOptions?.allowPrivate ?? false)
  } catch (err) {
    if (err instanceof UnsafeUrlError) ctx.fail('url_not_allowed', `${err.message} Use a public http(s) URL (the operator may allow private ones with TOLK_WEBHOOKS_ALLOW_PRIVATE=1).`)
    throw err
  }
}

/** Project refs (slugs or ids) as ids; not_found names the first unknown one. */
async function projectIdsOf(ctx: AuthedContext<'not_found'>, refs: readonly string[] | null | undefined): Promise<string[] | null | undefined> {
  if (refs === undefined || refs === null) return refs
  const ids: string[] = []
  for (const ref of refs) ids.push(((await findProjectByRef(ctx.db, ctx.workspaceId, ref)) ?? ctx.fail('not_found', `No project ${ref} in this workspace; list_projects shows them.`)).id)
  return [...new Set(ids)]
}

async function webhookOut(ctx: AuthedContext, w: Webhook, pending?: number) {
  const refs = await projectRefsOf(ctx.db, w.project_ids ?? [])
  return {
    id: w.id, url: w.url, description: w.description, events: w.events,
    projects: w.project_ids ? w.project_ids.flatMap((id) => (refs.has(id) ? [{ id, slug: refs.get(id)!.slug }] : [])) : null,
    locales: w.locales, status: w.active ? ('active' as const) : ('disabled' as const), disabled_reason: w.active ? null : w.disabled_reason,
    disabled_at: w.active ? null : iso(w.disabled_at), failing_since: iso(w.failing_since),
    pending: pending ?? (await countPendingDeliveries(ctx.db, w.id)), created_at: iso(w.created_at), updated_at: iso(w.updated_at),
  }
}

/** A delivery as list_webhook_deliveries shows it. */
export const deliveryOut = (d: WebhookDelivery) => ({
  id: d.id, webhook_id: d.webhook_id, message_id: d.message_id, event_type: d.event_type, status: d.status, attempts: d.attempts,
  next_attempt_at: d.status === 'pending' ? iso(d.next_attempt_at) : null, last_attempt_at: iso(d.last_attempt_at),
  last_status_code: d.last_status_code, last_duration_ms: d.last_duration_ms, last_error: d.last_error, response_excerpt: d.response_excerpt,
  delivered_at: iso(d.delivered_at), created_at: iso(d.created_at), payload: d.payload,
})

const requireWebhook = async (ctx: AuthedContext<'not_found'>, id: string) =>
  (await findWebhook(ctx.db, ctx.workspaceId, id)) ?? ctx.fail('not_found', `No webhook ${id} in this workspace; list_webhooks shows them.`)

export const webhookHandlers = {
  list_webhooks: (async (ctx) => {
    const rows = await listWebhooks(ctx.db, ctx.workspaceId)
    return { webhooks: await Promise.all(rows.map((w) => webhookOut(ctx, w, w.pending))) }
  }) satisfies Handler<typeof c.listWebhooks>,

  create_webhook: (async (ctx, input) => {
    await checkUrl(ctx, input.url)
    const secret = generateWebhookSecret()
    const row = await insertWebhook(ctx.db, {
      workspace_id: ctx.workspaceId, url: input.url, description: input.description, events: [...new Set(input.events)],
      project_ids: (await projectIdsOf(ctx, input.projects)) ?? null, locales: input.locales ? [...new Set(input.locales)] : null, secret, created_by: ctx.principal.actor.id,
    })
    ctx.activity({ summary: `created webhook ${row.id} to ${new URL(row.url).host} for ${input.events.join(', ')}`, target: row.id })
    return { ...(await webhookOut(ctx, row, 0)), secret }
  }) satisfies Handler<typeof c.createWebhook>,

  update_webhook: (async (ctx, input) => {
    const existing = await requireWebhook(ctx, input.webhook)
    if (input.url !== undefined) await checkUrl(ctx, input.url)
    const reactivate = input.active === true && !existing.active
    const row = (await updateWebhook(ctx.db, ctx.workspaceId, existing.id, {
      ...(input.url !== undefined ? { url: input.url } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.events !== undefined ? { events: [...new Set(input.events)] } : {}),
      ...(input.projects !== undefined ? { project_ids: await projectIdsOf(ctx, input.projects) } : {}),
      ...(input.locales !== undefined ? { locales: input.locales ? [...new Set(input.locales)] : null } : {}),
      // Switched on again: its failure is forgotten and what waited is sent, in order.
      ...(reactivate ? { active: true, disabled_reason: null, disabled_at: null, failing_since: null } : {}),
      ...(input.active === false && existing.active ? { active: false, disabled_reason: `Switched off by ${ctx.principal.actor.name} (update_webhook).`, disabled_at: ctx.clock() } : {}),
    }))!
    const fields = Object.keys(input).filter((k) => k !== 'webhook')
    ctx.activity({ summary: `updated webhook ${row.id}: ${fields.join(', ') || 'no changes'}`, target: row.id })
    return webhookOut(ctx, row)
  }) satisfies Handler<typeof c.updateWebhook>,

  delete_webhook: (async (ctx, input) => {
    const existing = await requireWebhook(ctx, input.webhook)
    await deleteWebhook(ctx.db, ctx.workspaceId, existing.id)
    ctx.activity({ summary: `deleted webhook ${existing.id} to ${new URL(existing.url).host}`, target: existing.id })
    return { id: existing.id, deleted: true as const }
  }) satisfies Handler<typeof c.deleteWebhook>,

  rotate_webhook_secret: (async (ctx, input) => {
    const existing = await requireWebhook(ctx, input.webhook)
    const secret = generateWebhookSecret()
    const row = (await updateWebhook(ctx.db, ctx.workspaceId, existing.id, { secret }))!
    ctx.activity({ summary: `rotated the secret of webhook ${row.id}`, target: row.id })
    return { ...(await webhookOut(ctx, row)), secret }
  }) satisfies Handler<typeof c.rotateWebhookSecret>,

  list_webhook_deliveries: (async (ctx, input) => {
    const hook = await requireWebhook(ctx, input.webhook)
    const rows = await listDeliveries(ctx.db, hook.id, { ...(input.status ? { status: input.status } : {}), limit: input.limit })
    return { deliveries: rows.map(deliveryOut) }
  }) satisfies Handler<typeof c.listWebhookDeliveries>,

  redeliver_webhook: (async (ctx, input) => {
    const original = (await findDelivery(ctx.db, ctx.workspaceId, input.delivery)) ?? ctx.fail('not_found', `No delivery ${input.delivery} in this workspace; list_webhook_deliveries shows them.`)
    // Same body and webhook-id: it is the same message sent again, at the tail of the webhook's queue.
    const [id] = await insertDeliveries(ctx.db, [{ workspace_id: ctx.workspaceId, webhook_id: original.webhook_id, message_id: original.message_id, event_type: original.event_type, payload: original.payload }])
    ctx.activity({ summary: `redelivered ${original.event_type} ${original.message_id} to webhook ${original.webhook_id}`, target: original.webhook_id })
    return deliveryOut((await findDelivery(ctx.db, ctx.workspaceId, id!))!)
  }) satisfies Handler<typeof c.redeliverWebhook>,

  test_webhook: (async (ctx, input) => {
    const hook = await requireWebhook(ctx, input.webhook)
    const event = { type: 'ping' as const, projectId: null, locale: null, data: { webhook_id: hook.id, message: 'Tolk test event: this webhook is reachable and its signature verifies.' } }
    const [id] = await insertDeliveries(ctx.db, [{ workspace_id: ctx.workspaceId, webhook_id: hook.id, message_id: newMessageId(), event_type: 'ping', payload: envelope({ workspaceId: ctx.workspaceId, actor: ctx.principal.actor, surface: ctx.surface }, event, ctx.clock()) }])
    ctx.activity({ summary: `sent a ping to webhook ${hook.id}`, target: hook.id })
    const out = deliveryOut((await findDelivery(ctx.db, ctx.workspaceId, id!))!)
    // The attempt runs once the ping row is committed (never inside the transaction, which it would hold for up to
    // 10 s); the answer, filled in before it is sent, shows how it went.
    const sender = ctx.webhooks
    if (sender) ctx.afterCommit(async () => {
      const sent = await sender.send(id!)
      if (sent) Object.assign(out, deliveryOut(sent))
    })
    return out
  }) satisfies Handler<typeof c.testWebhook>,
}
