import { serve } from '@hono/node-server'
import { Hono } from 'hono'
import { expect, test } from 'vitest'
import { KEEP_ALIVE_MS, tuneTimeouts } from '../src/server-timeouts.js'

test('the API tells clients it keeps idle connections 65 s, so none reuses a socket the server is closing', async () => {
  const app = new Hono().get('/', (c) => c.text('ok'))
  const port = await new Promise<{ server: ReturnType<typeof serve>; port: number }>((resolve) => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => resolve({ server, port: info.port }))
    tuneTimeouts(server)
  })
  try {
    const res = await fetch(`http://127.0.0.1:${port.port}/`)
    expect(await res.text()).toBe('ok')
    expect(res.headers.get('keep-alive')).toBe(`timeout=${KEEP_ALIVE_MS / 1000}`)
  } finally {
    port.server.close()
  }
})
