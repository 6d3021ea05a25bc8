/** Reading one localization of a String Catalog (`stringUnit`, plural or device variations). */
import type { LocaleValue, PluralCategory, PluralForms } from '../format.js'
import { memberOf } from '../json-text/index.js'
import type { JsonNode, JsonObject } from '../json-text/index.js'
import { isPluralCategory } from '../plural.js'

/** Xcode's key order: every object of a catalog is sorted this way (measured on the corpus). */
export const xcodeCompare = new Intl.Collator('en').compare

/** What a localization holds: its text, plural forms, and the state of each unit. */
export interface UnitReading extends LocaleValue {
  state?: string | Partial<Record<PluralCategory, string>>
  /** Device variations (`variations.device`): the text comes from the `other` device. */
  hasDevices?: boolean
}

/** A `stringUnit` object's value and state. */
export function readStringUnit(node: JsonNode | undefined): { value: string; state?: string } | undefined {
  if (node?.kind !== 'object') return undefined
  const value = memberOf(node, 'value')?.value
  const state = memberOf(node, 'state')?.value
  return { value: value?.kind === 'string' ? value.value : '', ...(state?.kind === 'string' ? { state: state.value } : {}) }
}

/** The device variation a locale's text is read from and written to: `other`, else the first. */
export function mainDevice(devices: JsonObject): JsonNode | undefined {
  return (memberOf(devices, 'other') ?? devices.members[0])?.value
}

/** Reads a localization object (or a device variation, which has the same shape). */
export function readUnit(node: JsonNode): UnitReading {
  if (node.kind !== 'object') return { value: '' }
  const unit = readStringUnit(memberOf(node, 'stringUnit')?.value)
  if (unit) return unit.state === undefined ? { value: unit.value } : { value: unit.value, state: unit.state }
  const variations = memberOf(node, 'variations')?.value
  const plural = memberOf(variations, 'plural')?.value
  if (plural?.kind === 'object') {
    const forms: PluralForms = {}
    const states: Partial<Record<PluralCategory, string>> = {}
    for (const m of plural.members) {
      if (!isPluralCategory(m.key)) continue
      const form = readStringUnit(memberOf(m.value, 'stringUnit')?.value)
      if (!form) continue
      forms[m.key] = form.value
      if (form.state !== undefined) states[m.key] = form.state
    }
    return { value: forms.other ?? '', plural: forms, state: states }
  }
  const devices = memberOf(variations, 'device')?.value
  if (devices?.kind === 'object') {
    const main = mainDevice(devices)
    return main ? { ...readUnit(main), hasDevices: true } : { value: '', hasDevices: true }
  }
  return { value: '' }
}

/** True when a state is the plain finished one, so meta need not carry it. */
export function isPlainState(state: UnitReading['state']): boolean {
  if (state === undefined || state === 'translated') return true
  return typeof state === 'object' && Object.values(state).every((s) => s === 'translated')
}
