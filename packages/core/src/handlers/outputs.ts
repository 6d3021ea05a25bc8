import type { ApiKey, Project, Workspace } from '@tolk/db'
import { ENCODINGS } from '../contract/file.js'

/** A stored encoding as outputs name it; the column only ever holds one push_file accepted. */
export function encodingOut(stored: string): (typeof ENCODINGS)[number] {
  const known = ENCODINGS.find((e) => e === stored)
  if (!known) throw new Error(`stored encoding ${stored} is not one push_file accepts`)
  return known
}

/** ISO 8601 for output; null stays null. */
export function iso(d: Date | string): string
export function iso(d: Date | string | null): string | null
export function iso(d: Date | string | null): string | null {
  return d === null ? null : new Date(d).toISOString()
}

/** A workspace as ops return it. */
export const workspaceOut = (w: Workspace) => ({
  id: w.id, slug: w.slug, name: w.name, source_locale: w.source_locale, product_context: w.product_context,
  created_at: iso(w.created_at), updated_at: iso(w.updated_at),
})

/** A project as ops return it. */
export const projectOut = (p: Project) => ({
  id: p.id, slug: p.slug, name: p.name, description: p.description, target_locales: p.target_locales,
  auto_translate: p.auto_translate, locale_map: p.locale_map, created_at: iso(p.created_at), updated_at: iso(p.updated_at),
})

/** An API key as listings show it: never the key or its hash. */
export const apiKeyOut = (k: ApiKey) => ({
  id: k.id, name: k.name, prefix: k.prefix, role: k.role,
  created_at: iso(k.created_at), last_used_at: iso(k.last_used_at), revoked_at: iso(k.revoked_at),
})
