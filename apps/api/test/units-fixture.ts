// Shared fixture of the string op tests: a workspace with one project and a pushed en.json, plus lookups
// of keys, activity rows and job rows straight from the database.
import { expect } from 'vitest'
import { keyOfProject, rowsOf } from '../../../packages/db/test/rows.js'
import type { Caller, Env } from './harness.js'

/** A caller with its workspace id. */
export type Ws = Caller & { workspaceId: string }

/** The strings of the pushed en.json: a placeholder, a plain string, near-duplicates and a count. */
export const SOURCE = { greeting: 'Hello {name}', bye: 'Goodbye', sign_in: 'Sign in', sign_in_alt: 'Sign-in', items: '{count} items' }

/** The body of a call that must answer 200. */
export async function ok(res: Promise<{ status: number; body: any }>) {
  const r = await res
  expect(r.status, JSON.stringify(r.body).slice(0, 600)).toBe(200)
  return r.body
}

/** The body of a call that must fail with this status and code. */
export async function expectError(res: Promise<{ status: number; body: any }>, status: number, code: string) {
  const r = await res
  expect(r.status, JSON.stringify(r.body)).toBe(status)
  expect(r.body.code).toBe(code)
  return r.body
}

/** Creates a project without auto-translation. */
export async function project(ws: Caller, slug: string, targets = ['de', 'ru', 'fr']) {
  return ok(ws.call('create_project', { name: slug, slug, target_locales: targets, auto_translate: false })) as Promise<{ id: string; slug: string }>
}

/** Pushes a JSON source file. */
export async function push(ws: Caller, slug: string, strings: Record<string, string> = SOURCE, path = 'locales/en.json') {
  return ok(ws.call('push_file', { project: slug, path, content: JSON.stringify(strings, null, 2) + '\n' }))
}

/** Pulls a JSON file in a locale and parses it. */
export async function pullJson(ws: Caller, slug: string, locale: string, path = 'locales/en.json') {
  const out = await ok(ws.call('pull_file', { project: slug, path: path.replace('en', locale), locale }))
  return JSON.parse(out.content) as Record<string, string>
}

/** Database lookups and the standard workspace of one backend. */
export function stringFixture(env: Env) {
  const db = () => env.conn().db

  /** The unit and key of a key name in a project. */
  async function keyOf(ws: Ws, slug: string, name: string) {
    const row = await keyOfProject(db(), ws.workspaceId, slug, name)
    return { keyId: row.id, unitId: row.unit_id }
  }

  /** A fresh workspace with project web holding SOURCE. */
  async function setup() {
    const ws = await env.workspace()
    await project(ws, 'web')
    await push(ws, 'web')
    return { ws, unit: async (name: string) => (await keyOf(ws, 'web', name)).unitId }
  }

  const activity = async (ws: Ws, op: string) => (await rowsOf(db(), 'activity', ws.workspaceId)).filter((a) => a.op === op)

  const jobs = async (ws: Ws) => (await rowsOf(db(), 'jobs', ws.workspaceId)).sort((a, b) => a.created_at.getTime() - b.created_at.getTime())

  return { db, keyOf, setup, activity, jobs }
}
