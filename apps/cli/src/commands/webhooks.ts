// tolk webhooks: the workspace's webhooks (URL, events, status and why one is disabled); `tolk webhooks test <id>`
// sends a ping and shows how the endpoint answered. Creating and changing them goes through `tolk op create_webhook`.
import type { OutputOf } from '@tolk/core/contract'
import { CliError, EXIT } from '../exit.js'
import { table } from '../output.js'
import type { Runtime } from '../runtime.js'

type WebhookRow = OutputOf<'list_webhooks'>['webhooks'][number]
type Delivery = OutputOf<'test_webhook'>

/** The table row of one webhook. */
export function webhookRow(w: WebhookRow): (string | number)[] {
  const filters = [w.projects && `projects ${w.projects.map((p) => p.slug).join(',')}`, w.locales && `locales ${w.locales.join(',')}`].filter(Boolean).join('; ')
  return [w.id, w.status, w.url, w.events.join(','), filters || '-', w.pending]
}

/** Lists the webhooks, with each disabled one's reason below the table. */
export async function listWebhooks(rt: Runtime): Promise<void> {
  const out = await rt.client().call('list_webhooks', {})
  rt.print(out, () => {
    if (out.webhooks.length === 0) return 'No webhooks yet; `tolk op create_webhook \'{"url": "https://...", "events": ["locale.completed"]}\'` adds one.\n'
    const reasons = out.webhooks.filter((w) => w.status === 'disabled').map((w) => `${w.id}: ${w.disabled_reason ?? 'disabled'}\n`)
    const failing = out.webhooks.filter((w) => w.status === 'active' && w.failing_since).map((w) => `${w.id}: failing since ${w.failing_since}\n`)
    return table(['id', 'status', 'url', 'events', 'filters', 'pending'], out.webhooks.map(webhookRow)) + [...reasons, ...failing].join('')
  })
}

/** One line saying how a ping went. */
export function pingLine(d: Delivery): string {
  const how = d.status === 'delivered' ? `delivered: ${d.last_status_code} in ${d.last_duration_ms} ms` : d.status === 'pending' ? 'queued: no sender on this server answered yet' : `failed: ${d.last_error ?? 'no answer'}${d.last_duration_ms !== null ? ` after ${d.last_duration_ms} ms` : ''}`
  return `ping ${d.message_id} ${how}${d.response_excerpt ? `\n${d.response_excerpt}` : ''}\n`
}

/** Sends a ping to one webhook; exits non-zero when it was not delivered. */
export async function testWebhook(rt: Runtime, id: string): Promise<void> {
  const d = await rt.client().call('test_webhook', { webhook: id })
  rt.print(d, () => pingLine(d))
  if (d.status !== 'delivered') throw new CliError('failed', `The ping to webhook ${id} was not delivered: ${d.last_error ?? d.status}.`, EXIT.failed)
}
