import { createHmac, randomBytes, randomUUID } from 'node:crypto'

// Standard Webhooks (standardwebhooks.com): a secret `whsec_<base64 key>`, and a signature over "id.timestamp.body"
// sent as `v1,<base64 HMAC-SHA256>`. A dozen lines of node:crypto; receivers verify with any Standard Webhooks library.

const PREFIX = 'whsec_'

/** A new signing secret: 24 random bytes (the spec asks 24 to 64), base64, prefixed whsec_. */
export function generateWebhookSecret(): string {
  return PREFIX + randomBytes(24).toString('base64')
}

/** A new message id (the webhook-id header), unique per event and kept across retries. */
export function newMessageId(): string {
  return `msg_${randomUUID().replaceAll('-', '')}`
}

/** The webhook-signature header value for one message: `v1,<base64 HMAC-SHA256 of "id.timestamp.body">`. */
export function signMessage(secret: string, messageId: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret, 'base64')
  const mac = createHmac('sha256', key).update(`${messageId}.${timestampSeconds}.${body}`).digest('base64')
  return `v1,${mac}`
}
