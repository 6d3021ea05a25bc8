import type * as v from 'valibot'
import type { OpContract } from './define-op.js'
import { createApiKey, listApiKeys, revokeApiKey } from './api-key.js'
import { getAudit, listAudits, runAudit } from './audit.js'
import { cancelSubscription, createBillingPortalLink, createCheckoutLink, getBilling, getPricing, resumeSubscription, subscribe } from './billing.js'
import { createWorkspace, inviteMember, listInvitations, listMembers, listWorkspaces, removeMember, revokeInvitation, updateMember } from './people.js'
import { listFiles, pullFile, pushFile } from './file.js'
import { approveFormat, detectFormat, learnFormat, listFormats } from './format.js'
import { addRule, deleteGlossaryTerm, listGlossary, listRules, updateRule, upsertGlossaryTerm } from './glossary.js'
import { getJob, listJobs } from './job.js'
import { createProject, listProjects, updateProject } from './project.js'
import { getStats, listUnits, searchUnits } from './search.js'
import { claimTasks, dismissTasks, listTasks, resolveTask } from './task.js'
import { getUnit, mergeUnits, reviewTranslations, scanDuplicates, setTranslation, splitKey, translate, updateUnit } from './unit.js'
import { getWorkspace, listActivity, updateWorkspace } from './workspace.js'
import { createWebhook, deleteWebhook, listWebhookDeliveries, listWebhooks, redeliverWebhook, rotateWebhookSecret, testWebhook, updateWebhook } from './webhook.js'

export * from './define-op.js'
export * from './common.js'
export * from './errors.js'
export { ENCODINGS } from './file.js'
export { WARNING_SCAN_BUDGET } from './search.js'
export * from './webhook-events.js'
export type { JobOutputOf } from './job-types.js'
export { BILLING_INTERVALS, PLAN_NAMES, SELF_SERVE_PLANS } from './billing.js'

/** Every op contract, in catalog order. The only list of ops: surfaces loop over it. */
export const contracts = [
  getWorkspace, updateWorkspace, listActivity,
  listProjects, createProject, updateProject,
  listFiles, pushFile, pullFile,
  detectFormat, listFormats, learnFormat, approveFormat,
  searchUnits, listUnits, getStats,
  getUnit, updateUnit, setTranslation, reviewTranslations, translate, mergeUnits, splitKey, scanDuplicates,
  listTasks, claimTasks, resolveTask, dismissTasks,
  getJob, listJobs,
  runAudit, getAudit, listAudits,
  listGlossary, upsertGlossaryTerm, deleteGlossaryTerm, listRules, addRule, updateRule,
  listApiKeys, createApiKey, revokeApiKey,
  listWorkspaces, createWorkspace, listMembers, inviteMember, updateMember, removeMember, listInvitations, revokeInvitation,
  listWebhooks, createWebhook, updateWebhook, deleteWebhook, rotateWebhookSecret, listWebhookDeliveries, redeliverWebhook, testWebhook,
  getPricing, getBilling, subscribe, cancelSubscription, resumeSubscription, createCheckoutLink, createBillingPortalLink,
] as const satisfies readonly OpContract[]

/** The name of an op. */
export type OpName = (typeof contracts)[number]['name']

/** The contract of op N. */
export type ContractOf<N extends OpName> = Extract<(typeof contracts)[number], { name: N }>

/** What op N takes, as a caller sends it (defaults may be omitted). */
export type InputOf<N extends OpName> = v.InferInput<ContractOf<N>['input']>

/** What op N answers. */
export type OutputOf<N extends OpName> = v.InferOutput<ContractOf<N>['output']>
