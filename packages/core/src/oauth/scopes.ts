import type { Role } from '@tolk/db'

/**
 * OAuth scopes and what each lets a token do. They nest: tolk:admin includes tolk:write includes tolk:read. A token
 * acts with the lower of its scope and its person's membership role (a member's tolk:admin token is still a member).
 */
export const SCOPES = {
  'tolk:read': 'Read the workspace: projects, strings, tasks, jobs (read ops only).',
  'tolk:write': 'Read and change the workspace as a member: push files, edit translations, resolve tasks.',
  'tolk:admin': 'Also admin ops (keys, workspace settings, billing) where the person is an owner or admin.',
} as const

export type Scope = keyof typeof SCOPES
export type ScopeLevel = 'read' | 'write' | 'admin'

export const SCOPE_NAMES = Object.keys(SCOPES) as Scope[]

/** What a client gets when it asks for no scope: everything but admin ops. */
export const DEFAULT_SCOPE = 'tolk:read tolk:write'

/** The scope string of a request, normalised (known scopes, in order); undefined when it names an unknown scope. */
export function normaliseScope(requested: string | undefined | null): string | undefined {
  const words = (requested ?? '').split(/\s+/).filter(Boolean)
  if (words.length === 0) return DEFAULT_SCOPE
  if (words.some((w) => !(w in SCOPES))) return undefined
  return SCOPE_NAMES.filter((s) => words.includes(s)).join(' ')
}

/** The level a scope string grants: the highest scope it names. */
export function scopeLevel(scope: string): ScopeLevel {
  const words = scope.split(' ')
  if (words.includes('tolk:admin')) return 'admin'
  if (words.includes('tolk:write')) return 'write'
  return 'read'
}

/** The role a token acts with: the membership role, capped at member unless the token holds tolk:admin. */
export function effectiveRole(membership: Role, level: ScopeLevel): Role {
  return level === 'admin' ? membership : 'member'
}

/** True when `scope` (a narrowing asked on refresh) names only scopes the grant holds. */
export function scopeWithin(scope: string, granted: string): boolean {
  const held = new Set(granted.split(' '))
  return scope.split(' ').every((s) => held.has(s))
}
