import { apiKeyHandlers } from './api-key.js'
import { auditHandlers } from './audit.js'
import { billingHandlers } from './billing.js'
import { fileHandlers } from './file.js'
import { formatHandlers } from './format.js'
import { glossaryHandlers } from './glossary.js'
import { jobHandlers } from './job.js'
import { peopleHandlers } from './people.js'
import { projectHandlers } from './project.js'
import { searchHandlers } from './search.js'
import { taskHandlers } from './task.js'
import type { HandlerMap } from './types.js'
import { unitHandlers } from './unit.js'
import { webhookHandlers } from './webhook.js'
import { workspaceHandlers } from './workspace.js'

/** Every op's handler, keyed by op name. */
export const handlers = {
  ...workspaceHandlers,
  ...projectHandlers,
  ...fileHandlers,
  ...formatHandlers,
  ...searchHandlers,
  ...unitHandlers,
  ...taskHandlers,
  ...jobHandlers,
  ...auditHandlers,
  ...glossaryHandlers,
  ...apiKeyHandlers,
  ...billingHandlers,
  ...peopleHandlers,
  ...webhookHandlers,
} satisfies HandlerMap
