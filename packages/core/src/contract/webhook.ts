import * as v from 'valibot'
import { WEBHOOK_DELIVERY_STATUSES } from '@tolk/db/lists'
import { Id, input, Locale, ProjectRef } from './common.js'
import { defineOp } from './define-op.js'
import { MaybeTimestamp, Timestamp } from './records.js'
import { EVENT_TYPES } from './webhook-events.js'

const described = <S extends v.GenericSchema>(schema: S, text: string) => v.pipe(schema, v.description(text))

/** A webhook URL: http(s) only, at most 2000 characters (url_not_allowed refuses internal addresses). */
const WebhookUrl = v.pipe(
  v.string(), v.trim(), v.maxLength(2000, 'A URL has at most 2000 characters.'), v.url('Must be an absolute URL.'),
  v.regex(/^[Hh][Tt][Tt][Pp][Ss]?:\/\//, 'Only http and https URLs receive webhooks.'),
  v.description('the endpoint Tolk POSTs events to: http or https, at most 2000 characters; redirects are not followed'),
)
const Events = v.pipe(
  v.array(v.picklist(EVENT_TYPES, `Use event types from the catalog's events: ${EVENT_TYPES.join(', ')}.`)),
  v.minLength(1, 'Subscribe to at least one event.'), v.maxLength(EVENT_TYPES.length, `At most ${EVENT_TYPES.length} event types (each once).`),
  v.description(`the event types to receive, 1 to ${EVENT_TYPES.length}, each once: ${EVENT_TYPES.join(', ')}`),
)
const Projects = v.pipe(v.array(ProjectRef), v.maxLength(100, 'At most 100 projects.'), v.description('only events of these projects (slugs or ids); omit or null for every project'))
const Locales = v.pipe(v.array(Locale), v.maxLength(100, 'At most 100 locales.'), v.description('only events of these locales; omit or null for every locale'))
const Description = v.pipe(v.string(), v.maxLength(500, 'A description has at most 500 characters.'), v.description('what the webhook is for, at most 500 characters'))
const WebhookId = Id('webhook', 'from list_webhooks')

/** A webhook as list_webhooks shows it (never its secret). */
export const Webhook = v.object({
  id: described(v.string(), 'webhook id (a UUID)'), url: v.string(), description: v.string(), events: v.array(v.string()),
  projects: described(v.nullable(v.array(v.object({ id: v.string(), slug: v.string() }))), 'the project filter, null for every project'),
  locales: described(v.nullable(v.array(v.string())), 'the locale filter, null for every locale'),
  status: described(v.picklist(['active', 'disabled']), 'disabled: no events are sent; disabled_reason says why'),
  disabled_reason: described(v.nullable(v.string()), 'why it is disabled: by a person (update_webhook active false) or after failing for a day, with the last error'),
  disabled_at: MaybeTimestamp,
  failing_since: described(MaybeTimestamp, 'since when every attempt failed; null while deliveries succeed'),
  pending: described(v.pipe(v.number(), v.integer()), 'deliveries waiting to be sent or retried'),
  created_at: Timestamp, updated_at: Timestamp,
})

/** One event for one webhook and its last attempt. */
export const WebhookDelivery = v.object({
  id: described(v.string(), 'delivery id (a UUID); redeliver_webhook takes it'),
  webhook_id: v.string(),
  message_id: described(v.string(), 'the webhook-id header: the same on every attempt and on a redelivery'),
  event_type: v.string(),
  status: described(v.picklist(WEBHOOK_DELIVERY_STATUSES), 'pending (queued or waiting for a retry), delivered (2xx), failed (retries used up)'),
  attempts: v.pipe(v.number(), v.integer()),
  next_attempt_at: described(MaybeTimestamp, 'when a pending delivery is tried next'),
  last_attempt_at: MaybeTimestamp,
  last_status_code: described(v.nullable(v.number()), 'the HTTP status the receiver answered, null when none (time-out, refused connection)'),
  last_duration_ms: v.nullable(v.number()),
  last_error: v.nullable(v.string()),
  response_excerpt: described(v.nullable(v.string()), 'the start of the response body (at most 500 characters); nothing more is kept'),
  delivered_at: MaybeTimestamp,
  created_at: Timestamp,
  payload: described(v.unknown(), 'the JSON body sent'),
})

const WithSecret = v.object({ ...Webhook.entries, secret: described(v.string(), 'the signing secret (whsec_...), shown only this once: verify the webhook-signature header with it') })

/** Create a webhook. */
export const createWebhook = defineOp({
  name: 'create_webhook', kind: 'write', admin: true,
  summary: 'Create a webhook: a URL that receives signed events (owner or admin)',
  description:
    'Registers an http(s) endpoint that receives the chosen events as signed JSON POSTs (Standard Webhooks: webhook-id, webhook-timestamp, webhook-signature headers). ' +
    'The answer holds the signing secret (whsec_...) this once; rotate_webhook_secret makes a new one. Filters by project and locale narrow the events that name a project or locale. ' +
    'Loopback, link-local and private addresses are refused (422 url_not_allowed) unless the server allows them. Needs an owner or admin key.',
  errors: ['forbidden', 'not_found', 'url_not_allowed'],
  input: input({ url: WebhookUrl, events: Events, projects: v.optional(v.nullable(Projects)), locales: v.optional(v.nullable(Locales)), description: v.optional(Description, '') }),
  output: WithSecret,
  examples: [{ url: 'https://ci.example.com/hooks/tolk', events: ['locale.completed', 'file.pushed'], locales: ['de'] }],
})

/** List webhooks. */
export const listWebhooks = defineOp({
  name: 'list_webhooks', kind: 'read', admin: true,
  summary: 'List the workspace webhooks with their status and why one is disabled (owner or admin)',
  description:
    'Lists every webhook of the workspace: URL, events, filters, status (active or disabled, with the reason: a person, or an endpoint that failed for a day), ' +
    'since when it fails and how many deliveries wait. Never the secret. Needs an owner or admin key.',
  errors: ['forbidden'],
  input: input({}),
  output: v.object({ webhooks: v.array(Webhook) }),
  examples: [{}],
})

/** Change a webhook. */
export const updateWebhook = defineOp({
  name: 'update_webhook', kind: 'write', admin: true, idempotent: true,
  summary: 'Change a webhook: URL, events, filters, description, or switch it on or off (owner or admin)',
  description:
    'Changes the fields given and keeps the others; projects or locales null removes that filter. active false stops sending (deliveries wait); active true switches a disabled webhook ' +
    'back on, clears its failure and sends what waited, in order. webhook is an id from list_webhooks. Needs an owner or admin key.',
  errors: ['forbidden', 'not_found', 'url_not_allowed'],
  input: input({
    webhook: WebhookId, url: v.optional(WebhookUrl), events: v.optional(Events), projects: v.optional(v.nullable(Projects)), locales: v.optional(v.nullable(Locales)),
    description: v.optional(Description), active: v.optional(v.pipe(v.boolean(), v.description('false switches it off; true switches it on again'))),
  }),
  output: Webhook,
  examples: [{ webhook: '6f1d2c3b-4a5e-4f60-8b7a-9c8d7e6f5a4b', active: true }],
})

/** Delete a webhook. */
export const deleteWebhook = defineOp({
  name: 'delete_webhook', kind: 'write', admin: true, destructive: true,
  summary: 'Delete a webhook and its waiting deliveries (owner or admin)',
  description: 'Deletes the webhook and its delivery log; waiting deliveries are never sent. webhook is an id from list_webhooks. Needs an owner or admin key.',
  errors: ['forbidden', 'not_found'],
  input: input({ webhook: WebhookId }),
  output: v.object({ id: v.string(), deleted: v.literal(true) }),
  examples: [{ webhook: '6f1d2c3b-4a5e-4f60-8b7a-9c8d7e6f5a4b' }],
})

/** New signing secret. */
export const rotateWebhookSecret = defineOp({
  name: 'rotate_webhook_secret', kind: 'write', admin: true,
  summary: 'Replace a webhook signing secret; the new one is shown once (owner or admin)',
  description:
    'Makes a new signing secret (whsec_...) and returns it this once; every delivery from now on, retries included, is signed with it and the old one stops verifying. ' +
    'webhook is an id from list_webhooks. Needs an owner or admin key.',
  errors: ['forbidden', 'not_found'],
  input: input({ webhook: WebhookId }),
  output: WithSecret,
  examples: [{ webhook: '6f1d2c3b-4a5e-4f60-8b7a-9c8d7e6f5a4b' }],
})

/** Recent deliveries. */
export const listWebhookDeliveries = defineOp({
  name: 'list_webhook_deliveries', kind: 'read', admin: true,
  summary: 'Recent deliveries of a webhook: status, response code, timing, a short excerpt (owner or admin)',
  description:
    'Lists a webhook\'s deliveries, newest first: event, status (pending, delivered, failed), attempts, the last response code, time taken, error and the start of the response body. ' +
    'A delivery id is what redeliver_webhook takes. Needs an owner or admin key.',
  errors: ['forbidden', 'not_found'],
  input: input({
    webhook: WebhookId,
    status: v.optional(v.pipe(v.picklist(WEBHOOK_DELIVERY_STATUSES), v.description('only deliveries in this status'))),
    limit: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(200), v.description('1 to 200, default 50')), 50),
  }),
  output: v.object({ deliveries: v.array(WebhookDelivery) }),
  examples: [{ webhook: '6f1d2c3b-4a5e-4f60-8b7a-9c8d7e6f5a4b', status: 'failed' }],
})

/** Send one delivery again. */
export const redeliverWebhook = defineOp({
  name: 'redeliver_webhook', kind: 'write', admin: true,
  summary: 'Send one delivery again, with the same webhook-id (owner or admin)',
  description:
    'Queues the delivery\'s event again for its webhook, behind what already waits, with the same body and webhook-id (a receiver that already has it may drop it), signed anew. ' +
    'delivery is an id from list_webhook_deliveries. Needs an owner or admin key.',
  errors: ['forbidden', 'not_found'],
  input: input({ delivery: Id('delivery', 'from list_webhook_deliveries') }),
  output: WebhookDelivery,
  examples: [{ delivery: '6f1d2c3b-4a5e-4f60-8b7a-9c8d7e6f5a4b' }],
})

/** Send a ping. */
export const testWebhook = defineOp({
  name: 'test_webhook', kind: 'write', admin: true,
  summary: 'Send a ping event to a webhook now and answer how it went (owner or admin)',
  description:
    'Sends one signed ping event to the webhook at once, ahead of waiting deliveries and even when it is disabled, and answers the attempt: status, response code, time, excerpt. ' +
    'A ping is tried once and never retried. webhook is an id from list_webhooks. Needs an owner or admin key.',
  errors: ['forbidden', 'not_found'],
  input: input({ webhook: WebhookId }),
  output: WebhookDelivery,
  examples: [{ webhook: '6f1d2c3b-4a5e-4f60-8b7a-9c8d7e6f5a4b' }],
})
