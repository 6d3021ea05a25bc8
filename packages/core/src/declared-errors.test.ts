import { readdirSync, readFileSync } from 'node:fs'
import { join, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, expectTypeOf, test } from 'vitest'
import type { AuthedContext } from './context.js'
import type { getJob, listJobs } from './contract/job.js'
import type { resolveTask } from './contract/task.js'
import type { Handler } from './handlers/types.js'
import { requireProject } from './services/project-ref.js'

// An op fails only with the codes its contract declares (plus the common ones): the handler's context is typed by them.
// These lines are checked by `tsc -p tsconfig.test.json` (pnpm typecheck); a @ts-expect-error that is not an error fails it.

describe('fail is typed by the op\'s declared errors', () => {
  test('a handler fails with a declared or common code, and an undeclared code does not compile', () => {
    const ok = (async (ctx) => ctx.fail('not_found', 'No job; list_jobs shows them.')) satisfies Handler<typeof getJob>
    const common = (async (ctx) => ctx.fail('invalid_input', 'Fix the listed issues.')) satisfies Handler<typeof listJobs>
    // @ts-expect-error list_jobs declares no not_found
    const undeclared = (async (ctx) => ctx.fail('not_found', 'x')) satisfies Handler<typeof listJobs>
    // @ts-expect-error get_job declares no task_closed
    const other = (async (ctx) => ctx.fail('task_closed', 'x')) satisfies Handler<typeof getJob>
    expect([ok, common, undeclared, other].every((h) => typeof h === 'function')).toBe(true)
  })

  test('a service that fails names its codes; only a caller whose op declares them can pass its context', () => {
    const declares = async (ctx: AuthedContext<'not_found' | 'placeholder_mismatch'>) => requireProject(ctx, 'web')
    // @ts-expect-error a context that may not answer not_found cannot call requireProject
    const doesNot = async (ctx: AuthedContext<'task_closed'>) => requireProject(ctx, 'web')
    expectTypeOf<AuthedContext<'not_found'>>().toMatchTypeOf<AuthedContext>()
    expectTypeOf<Parameters<Handler<typeof resolveTask>>[0]['fail']>().parameter(0).toEqualTypeOf<
      'invalid_json' | 'invalid_input' | 'unauthorized' | 'invalid_key' | 'invalid_token' | 'no_workspace' | 'rate_limited' | 'internal_error' |
      'not_found' | 'invalid_action' | 'text_required' | 'task_closed' | 'job_missing' | 'placeholder_mismatch'
    >()
    expect([declares, doesNot].length).toBe(2)
  })

  test('handlers, services, tasks and jobs never fail with the untyped fail or a bare ServiceError', () => {
    const root = fileURLToPath(new URL('.', import.meta.url))
    // Authentication, not an op: it answers before any op is chosen, as auth.ts does.
    // The Stripe adapter answers billing_unavailable for every op that reaches Stripe, each of which declares it (billing.test
    // checks); the Stripe webhook is an endpoint, not an op.
    const beforeAnyOp = new Set(['services/people/workspace-choice.ts', 'services/billing/stripe-billing.ts', 'services/billing/webhook.ts'])
    const offenders: string[] = []
    for (const dir of ['handlers', 'services', 'tasks', 'jobs']) {
      for (const name of readdirSync(join(root, dir), { recursive: true }).map(String).filter((n) => n.endsWith('.ts') && !n.endsWith('.test.ts'))) {
        const file = `${dir}/${name.split(sep).join('/')}`
        if (beforeAnyOp.has(file)) continue
        const text = readFileSync(join(root, dir, name), 'utf8')
        if (/import \{[^}]*\bfail\b[^}]*\} from '(\.\.\/)+errors\.js'/.test(text) || /new ServiceError\(/.test(text)) offenders.push(file)
      }
    }
    expect(offenders).toEqual([])
  })
})
