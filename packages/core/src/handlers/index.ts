import { apiKeyHandlers } from './api-key.js'
import { billingHandlers } from './billing.js'
import { projectHandlers } from './project.js'
import type { HandlerMap } from './types.js'
import { workspaceHandlers } from './workspace.js'

/** Every op's handler, keyed by op name. */
export const handlers = {
  ...workspaceHandlers,
  ...projectHandlers,
  ...apiKeyHandlers,
  ...billingHandlers,
} satisfies HandlerMap
