// Test support: a TCP proxy on loopback in front of PostgreSQL or Redis, so a test can cut the connections of the
// process under test (or refuse new ones) without touching the machine's own server.
import { createServer, connect as dial, type Server, type Socket } from 'node:net'

/** A running proxy: `port` forwards to the target until cut or stopped. */
export interface TcpProxy {
  port: number
  /** Bytes sent by clients towards the target so far. */
  readonly upstreamBytes: number
  /** Destroys every open connection (both sides), as a crashed server or a broken network would. */
  cut(): void
  /** Calls `cut` once clients have sent `bytes` more bytes towards the target. */
  cutAfter(bytes: number): Promise<void>
  /** Stops listening and cuts: new connections are refused until `start`. */
  stop(): Promise<void>
  /** Listens again on the same port. */
  start(): Promise<void>
  close(): Promise<void>
}

export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  const sockets = new Set<Socket>()
  let upstream = 0
  let trigger: { at: number; fire: () => void } | undefined
  let server: Server | undefined
  let port = 0

  const onConnection = (client: Socket) => {
    const target = dial(targetPort, targetHost)
    sockets.add(client)
    sockets.add(target)
    const drop = () => {
      client.destroy()
      target.destroy()
      sockets.delete(client)
      sockets.delete(target)
    }
    client.on('error', drop).on('close', drop)
    target.on('error', drop).on('close', drop)
    client.on('data', (chunk: Buffer) => {
      upstream += chunk.length
      target.write(chunk)
      if (trigger && upstream >= trigger.at) {
        const fire = trigger.fire
        trigger = undefined
        fire()
      }
    })
    target.on('data', (chunk: Buffer) => client.write(chunk))
  }

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server = createServer(onConnection)
      server.once('error', reject)
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as { port: number }).port
        resolve()
      })
    })

  const cut = () => {
    for (const s of sockets) s.destroy()
    sockets.clear()
  }

  await listen()
  return {
    get port() {
      return port
    },
    get upstreamBytes() {
      return upstream
    },
    cut,
    cutAfter: (bytes) =>
      new Promise<void>((resolve) => {
        trigger = { at: upstream + bytes, fire: () => (cut(), resolve()) }
      }),
    async stop() {
      const s = server
      server = undefined
      cut()
      if (s) await new Promise<void>((resolve) => s.close(() => resolve()))
    },
    start: listen,
    async close() {
      trigger = undefined
      const s = server
      server = undefined
      cut()
      if (s) await new Promise<void>((resolve) => s.close(() => resolve()))
    },
  }
}
