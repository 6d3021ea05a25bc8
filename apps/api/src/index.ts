export { createApp, type AppDeps } from './app.js'
export { KEEP_ALIVE_MS, tuneTimeouts } from './server-timeouts.js'
