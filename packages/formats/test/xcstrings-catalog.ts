/**
 * Test support: the structural String Catalog check FORMATS.md describes (no Linux tool knows
 * the schema): `%#@x@` has `substitutions.x`, plural keys are CLDR categories, states and devices are known.
 */
import { isPluralCategory } from '../src/plural.js'

const STATES = new Set(['new', 'translated', 'needs_review', 'stale'])
const DEVICES = new Set(['iphone', 'ipad', 'ipod', 'mac', 'applewatch', 'appletv', 'applevision', 'other'])

/** Problems found in a catalog's structure (empty when it is sound). */
export function catalogProblems(text: string): string[] {
  const problems: string[] = []
  const doc = JSON.parse(text) as { sourceLanguage?: unknown; strings?: Record<string, { localizations?: Record<string, unknown> }> }
  if (typeof doc.sourceLanguage !== 'string') problems.push('sourceLanguage is missing')
  if (!doc.strings || typeof doc.strings !== 'object') return [...problems, 'strings is missing']
  for (const [key, str] of Object.entries(doc.strings)) {
    for (const [locale, loc] of Object.entries(str.localizations ?? {})) checkUnit(`${key}/${locale}`, loc, problems, undefined)
  }
  return problems
}

type Unit = { stringUnit?: { state?: string; value?: unknown }; variations?: { plural?: Record<string, Unit>; device?: Record<string, Unit> }; substitutions?: Record<string, Unit & { argNum?: unknown; formatSpecifier?: unknown }> }

function checkUnit(where: string, raw: unknown, problems: string[], substitutions: Unit['substitutions']): void {
  const unit = raw as Unit
  const subs = unit.substitutions ?? substitutions
  if (unit.stringUnit) {
    if (!STATES.has(unit.stringUnit.state ?? '')) problems.push(`${where}: unknown state ${unit.stringUnit.state}`)
    if (typeof unit.stringUnit.value !== 'string') problems.push(`${where}: value is not a string`)
    for (const m of String(unit.stringUnit.value).matchAll(/%#@([^@]+)@/g)) {
      if (!subs?.[m[1]!]) problems.push(`${where}: %#@${m[1]}@ has no substitution`)
    }
  }
  for (const [category, form] of Object.entries(unit.variations?.plural ?? {})) {
    if (!isPluralCategory(category)) problems.push(`${where}: ${category} is not a plural category`)
    checkUnit(`${where}/${category}`, form, problems, subs)
  }
  for (const [device, form] of Object.entries(unit.variations?.device ?? {})) {
    if (!DEVICES.has(device)) problems.push(`${where}: unknown device ${device}`)
    checkUnit(`${where}/${device}`, form, problems, subs)
  }
  for (const [name, sub] of Object.entries(unit.substitutions ?? {})) checkUnit(`${where}/${name}`, sub, problems, subs)
}
