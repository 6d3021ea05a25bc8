import { SLUG_RE } from '../contract/common.js'

/** A slug from a name: ASCII letters and digits joined by dashes; '' when the name has none. */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 48)
    .replace(/-+$/, '')
  return SLUG_RE.test(slug) ? slug : ''
}
