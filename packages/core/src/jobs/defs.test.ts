import { JOB_TYPES, TASK_KINDS } from '@tolk/db'
import { describe, expect, it } from 'vitest'
import type { AuthedContext } from '../context.js'
import { JOB_SCHEMAS } from '../contract/job-types.js'
import { TASK_PAYLOADS } from '../contract/task-payloads.js'
import { fileTasks } from '../services/file-tasks.js'
import { TASK_KIND_DEFS } from '../tasks/index.js'
import { JOB_DEFS } from './defs.js'
import { queueJob } from '../services/queue-job.js'

// A context whose database must never be reached: a payload that does not fit is refused before anything is written.
const unreachable = new Proxy({}, { get: () => { throw new Error('the database was reached') } })
const ctx = { db: unreachable, workspaceId: 'w', principal: { actor: { id: null } }, afterCommit: () => { throw new Error('queued') } } as unknown as AuthedContext

describe('job and task registries', () => {
  it('every job type has one definition, carrying the contract schemas get_job and queueJob read', () => {
    expect(Object.keys(JOB_DEFS).sort()).toEqual([...JOB_TYPES].sort())
    for (const type of JOB_TYPES) {
      expect(JOB_DEFS[type].payload).toBe(JOB_SCHEMAS[type].payload)
      expect(JOB_DEFS[type].output).toBe(JOB_SCHEMAS[type].output)
    }
  })

  it('every task kind carries the payload schema filing checks', () => {
    for (const kind of TASK_KINDS) expect(TASK_KIND_DEFS[kind].payload).toBe(TASK_PAYLOADS[kind])
  })
})

describe('payloads are checked when written', () => {
  it('queueJob refuses a payload its type cannot read, naming the field, before writing the row', async () => {
    await expect(queueJob(ctx, 'translate', { locales: [] })).rejects.toThrow(/translate job's payload .*locales/)
    await expect(queueJob(ctx, 'audit', { audit_id: 'a', locale: 'de' } as never)).rejects.toThrow(/audit job's payload .*project_id/)
    await expect(queueJob(ctx, 'learn_format', { project_id: 'p', path: 'a.txt', pattern: 'a.txt', locale: 'de', content: 7 } as never)).rejects.toThrow(/content/)
  })

  it('fileTasks refuses a task whose payload its kind cannot read, before writing any task', async () => {
    const good = { workspace_id: 'w', kind: 'rule_suggestion' as const, title: 't', subject: 's', filed_by: 'audit' as const, payload: { audit_id: 'a', body: 'b', locale: null, reason: 'r' } }
    const bad = { ...good, kind: 'translation_review' as const, payload: { unit_id: 'u' } as never }
    await expect(fileTasks(unreachable as never, [good, bad])).rejects.toThrow(/translation_review task's payload .*locale/)
  })
})
