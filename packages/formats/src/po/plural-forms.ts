/**
 * gettext Plural-Forms: reads the C expression of a header (never with eval), maps msgstr[n] to CLDR
 * categories by evaluating it against Intl.PluralRules, and knows the header to write for a locale.
 */
import type { PluralCategory } from '../format.js'
import { pluralCategories } from '../plural.js'

/** A Plural-Forms header: the number of forms and the function choosing one for a count. */
export interface PluralForms {
  nplurals: number
  choose: (n: number) => number
  /** The header value as written, e.g. `nplurals=2; plural=(n != 1);`. */
  header: string
}

/** Which CLDR categories each msgstr[n] holds; `categories[n][0]` is the one a writer reads it from. */
export interface PluralMapping {
  categories: PluralCategory[][]
  indexOf: Partial<Record<PluralCategory, number>>
}

type Node = (n: number) => number

/** Reads `nplurals=N; plural=EXPR;`, or undefined when it is missing or not a valid expression. */
export function readPluralForms(header: string | undefined): PluralForms | undefined {
  if (!header) return undefined
  const m = /nplurals\s*=\s*(\d+)\s*;\s*plural\s*=\s*([^;]+)/.exec(header)
  if (!m) return undefined
  const nplurals = Number(m[1])
  if (!(nplurals >= 1 && nplurals <= 10)) return undefined
  const choose = compile(m[2] ?? '')
  if (!choose) return undefined
  return { nplurals, choose, header: header.trim() }
}

/** Compiles a gettext plural expression to a function, or undefined when it does not parse. */
export function compile(source: string): Node | undefined {
  const tokens = source.match(/\s*(\d+|n|\|\||&&|==|!=|<=|>=|[<>?:()!%*/+-])/gy)
  if (!tokens || tokens.join('').trim() !== source.trim()) return undefined
  const toks = tokens.map((t) => t.trim())
  let pos = 0
  const peek = () => toks[pos]
  // C precedence, loosest first.
  const LEVELS = [['||'], ['&&'], ['==', '!='], ['<', '<=', '>', '>='], ['+', '-'], ['*', '/', '%']]
  const apply = (op: string, a: number, b: number): number => {
    switch (op) {
      case '||': return Number(a !== 0 || b !== 0)
      case '&&': return Number(a !== 0 && b !== 0)
      case '==': return Number(a === b)
      case '!=': return Number(a !== b)
      case '<': return Number(a < b)
      case '<=': return Number(a <= b)
      case '>': return Number(a > b)
      case '>=': return Number(a >= b)
      case '+': return a + b
      case '-': return a - b
      case '*': return a * b
      case '/': return b === 0 ? 0 : Math.trunc(a / b)
      default: return b === 0 ? 0 : a % b
    }
  }
  const ternary = (): Node | undefined => {
    const cond = binary(0)
    if (!cond || peek() !== '?') return cond
    pos++
    const yes = ternary()
    if (!yes || toks[pos++] !== ':') return undefined
    const no = ternary()
    if (!no) return undefined
    return (n) => (cond(n) !== 0 ? yes(n) : no(n))
  }
  const binary = (level: number): Node | undefined => {
    if (level >= LEVELS.length) return unary()
    let left = binary(level + 1)
    const ops = LEVELS[level] ?? []
    while (left && ops.includes(peek() ?? '')) {
      const op = toks[pos++] ?? ''
      const right = binary(level + 1)
      if (!right) return undefined
      const l = left
      left = (n) => apply(op, l(n), right(n))
    }
    return left
  }
  const unary = (): Node | undefined => {
    const t = toks[pos++]
    if (t === '!') {
      const inner = unary()
      return inner && ((n) => Number(inner(n) === 0))
    }
    if (t === '-') {
      const inner = unary()
      return inner && ((n) => -inner(n))
    }
    if (t === 'n') return (n) => n
    if (t !== undefined && /^\d+$/.test(t)) {
      const value = Number(t)
      return () => value
    }
    if (t === '(') {
      const inner = ternary()
      return inner && toks[pos++] === ')' ? inner : undefined
    }
    return undefined
  }
  const root = ternary()
  return root && pos === toks.length ? root : undefined
}

// Counts gettext sees: integers only, since ngettext takes an unsigned long.
const SAMPLES: number[] = [...Array.from({ length: 1001 }, (_, i) => i), 10_000, 100_000, 1_000_000, 2_000_000, 10_000_000]

/**
 * Maps msgstr[0..nplurals-1] to the locale's CLDR categories by evaluating the expression on sample
 * counts. A category no integer selects (Russian `other`, which CLDR keeps for fractions) reads the
 * last form, the form gettext itself falls back on.
 */
export function mapPluralForms(forms: PluralForms | undefined, locale: string, fallbackCount: number): PluralMapping {
  const wanted = pluralCategories(locale)
  const nplurals = forms?.nplurals ?? fallbackCount
  const categories: PluralCategory[][] = Array.from({ length: nplurals }, () => [])
  const indexOf: Partial<Record<PluralCategory, number>> = {}
  if (!forms) {
    // No usable header: forms are taken in CLDR order, the last one for anything left over.
    wanted.forEach((c, i) => {
      const index = Math.min(i, nplurals - 1)
      indexOf[c] = index
      categories[index]?.push(c)
    })
    return { categories, indexOf }
  }
  let rules: Intl.PluralRules
  try {
    rules = new Intl.PluralRules(locale)
  } catch {
    rules = new Intl.PluralRules('en')
  }
  const counts = new Map<PluralCategory, number[]>()
  for (const n of SAMPLES) {
    const index = forms.choose(n)
    if (!(index >= 0 && index < nplurals)) continue
    const category = rules.select(n) as PluralCategory
    const row = counts.get(category) ?? Array.from({ length: nplurals }, () => 0)
    row[index] = (row[index] ?? 0) + 1
    counts.set(category, row)
  }
  const owners: { category: PluralCategory; index: number; count: number }[] = []
  for (const category of wanted) {
    const row = counts.get(category)
    let index = nplurals - 1
    let count = 0
    if (row) row.forEach((c, i) => { if (c > count) { count = c; index = i } })
    indexOf[category] = index
    owners.push({ category, index, count })
  }
  // The category that most counts land on owns the form; it comes first so writers read it from there.
  owners.sort((a, b) => b.count - a.count)
  for (const { category, index } of owners) categories[index]?.push(category)
  return { categories, indexOf }
}

// Plural-Forms whose integer categories match CLDR one to one, so every form a locale needs is written.
// Categories CLDR keeps for fractions only (ru/pl/uk `other`, cs/sk/lt `many`) have no msgstr: ngettext
// takes an integer. fr/es/it/pt/ca get CLDR's `many` (1,000,000) as a third form.
const ONE_OTHER = 'nplurals=2; plural=(n != 1);'
const ZERO_ONE_OTHER = 'nplurals=2; plural=(n > 1);'
const ONLY_OTHER = 'nplurals=1; plural=0;'
const SLAVIC_EAST = 'nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);'
const ROMANCE_MANY = 'nplurals=3; plural=(n == 1 ? 0 : n != 0 && n % 1000000 == 0 ? 1 : 2);'
const ROMANCE_MANY_ZERO = 'nplurals=3; plural=(n == 0 || n == 1 ? 0 : n != 0 && n % 1000000 == 0 ? 1 : 2);'
const HEADERS: Record<string, string> = {
  ar: 'nplurals=6; plural=(n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 : n%100>=11 ? 4 : 5);',
  be: SLAVIC_EAST, bs: SLAVIC_EAST, hr: SLAVIC_EAST, ru: SLAVIC_EAST, sr: SLAVIC_EAST, uk: SLAVIC_EAST,
  ca: ROMANCE_MANY, es: ROMANCE_MANY, it: ROMANCE_MANY, 'pt-PT': ROMANCE_MANY,
  fr: ROMANCE_MANY_ZERO, pt: ROMANCE_MANY_ZERO,
  cs: 'nplurals=3; plural=(n==1 ? 0 : n>=2 && n<=4 ? 1 : 2);',
  sk: 'nplurals=3; plural=(n==1 ? 0 : n>=2 && n<=4 ? 1 : 2);',
  cy: 'nplurals=6; plural=(n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n==3 ? 3 : n==6 ? 4 : 5);',
  ga: 'nplurals=5; plural=(n==1 ? 0 : n==2 ? 1 : n>=3 && n<=6 ? 2 : n>=7 && n<=10 ? 3 : 4);',
  gd: 'nplurals=4; plural=(n==1 || n==11 ? 0 : n==2 || n==12 ? 1 : n>=3 && n<=19 ? 2 : 3);',
  he: 'nplurals=3; plural=(n==1 ? 0 : n==2 ? 1 : 2);',
  is: 'nplurals=2; plural=(n%10!=1 || n%100==11);',
  mk: 'nplurals=2; plural=(n%10!=1 || n%100==11);',
  lt: 'nplurals=3; plural=(n%10==1 && (n%100<11 || n%100>19) ? 0 : n%10>=2 && (n%100<11 || n%100>19) ? 1 : 2);',
  lv: 'nplurals=3; plural=(n%10==0 || (n%100>=11 && n%100<=19) ? 0 : n%10==1 && n%100!=11 ? 1 : 2);',
  mt: 'nplurals=5; plural=(n==1 ? 0 : n==2 ? 1 : n==0 || (n%100>=3 && n%100<=10) ? 2 : n%100>=11 && n%100<=19 ? 3 : 4);',
  pl: 'nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);',
  ro: 'nplurals=3; plural=(n==1 ? 0 : n==0 || (n%100>=1 && n%100<=19) ? 1 : 2);',
  sl: 'nplurals=4; plural=(n%100==1 ? 0 : n%100==2 ? 1 : n%100==3 || n%100==4 ? 2 : 3);',
  fil: 'nplurals=2; plural=(n==1 || n==2 || n==3 || (n%10!=4 && n%10!=6 && n%10!=9) ? 0 : 1);',
}

/** The Plural-Forms header value to write for a locale (table above, else derived from its CLDR rules). */
export function pluralFormsFor(locale: string): string {
  const tag = locale.replace(/_/g, '-')
  const language = tag.split('-')[0]?.toLowerCase() ?? tag
  const known = HEADERS[tag] ?? HEADERS[language]
  if (known) return known
  const categories = pluralCategories(tag)
  if (categories.length === 1) return ONLY_OTHER
  let rules: Intl.PluralRules
  try {
    rules = new Intl.PluralRules(tag)
  } catch {
    return ONE_OTHER
  }
  return rules.select(0) === 'one' ? ZERO_ONE_OTHER : ONE_OTHER
}
