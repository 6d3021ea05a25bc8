// `tolk webhooks` lists the workspace's webhooks with their status; `tolk webhooks test <id>` sends a ping that a
// receiver on loopback gets, and exits non-zero when the endpoint does not take it.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Readable } from 'node:stream'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { run } from '../src/main.js'
import { startApi, type RunningApi } from './helpers/api-server.js'

let api: RunningApi
let receiver: Server
let receiverUrl: string
const received: { id: string; type: string }[] = []
let answer = 200
beforeAll(async () => {
  api = await startApi(undefined, undefined, { webhooks: true })
  receiver = createServer((req, res) => {
    let body = ''
    req.on('data', (c) => (body += c))
    req.on('end', () => {
      received.push({ id: String(req.headers['webhook-id']), type: JSON.parse(body).type })
      res.writeHead(answer).end(answer === 200 ? 'thanks' : 'down for maintenance')
    })
  })
  await new Promise<void>((ok) => receiver.listen(0, '127.0.0.1', ok))
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`
})
afterAll(async () => {
  await api?.close()
  receiver?.closeAllConnections()
  await new Promise((ok) => receiver?.close(ok))
})

async function tolk(key: string, args: string[]) {
  let stdout = ''
  let stderr = ''
  const code = await run(args, {
    stdout: { write: (t: string) => (stdout += t) }, stderr: { write: (t: string) => (stderr += t) }, stdin: Readable.from(['']),
    cwd: process.cwd(), env: { TOLK_URL: api.url, TOLK_API_KEY: key, XDG_CONFIG_HOME: '/nonexistent' },
  }, { attempts: 1, baseMs: 1, maxMs: 1 })
  return { code, stdout, stderr }
}

it('lists webhooks with status and filters, and tests one with a ping the receiver gets', async () => {
  const { key } = await api.workspace()
  expect((await tolk(key, ['webhooks'])).stdout).toContain('No webhooks yet')
  const created = await tolk(key, ['op', 'create_webhook', JSON.stringify({ url: receiverUrl, events: ['locale.completed'], locales: ['de'] })])
  expect(created.code).toBe(0)
  const id = JSON.parse(created.stdout).id as string
  const listed = await tolk(key, ['webhooks'])
  expect(listed.code).toBe(0)
  expect(listed.stdout).toMatch(new RegExp(`${id}\\s+active\\s+${receiverUrl.replaceAll('/', '\\/')}\\s+locale\\.completed\\s+locales de\\s+0`))
  const ping = await tolk(key, ['webhooks', 'test', id])
  expect(ping.code).toBe(0)
  expect(ping.stdout).toMatch(/^ping msg_\w+ delivered: 200 in \d+ ms\nthanks\n$/)
  expect(received.at(-1)).toEqual({ id: ping.stdout.split(' ')[1], type: 'ping' })
  answer = 503
  const failed = await tolk(key, ['webhooks', 'test', id])
  expect(failed.code).toBe(3)
  expect(failed.stdout).toContain('failed: answered 503')
  expect(failed.stderr).toContain('was not delivered')
  const json = await tolk(key, ['--json', 'webhooks'])
  expect(JSON.parse(json.stdout).webhooks[0]).toMatchObject({ id, status: 'active' })
  expect((await tolk(key, ['webhooks', 'test', '6f1d2c3b-4a5e-4f60-8b7a-9c8d7e6f5a4b'])).stderr).toContain('not_found')
})
