/**
 * The placeholder syntaxes that are one token with no translatable text inside: printf and its relatives, markup,
 * template code (ERB, Jinja/Django/Liquid tags, double braces), linked messages and entities. scan.ts tries them at
 * each position; ICU messages (whose branches hold translatable text) are read there.
 * Every pattern is anchored at the position (sticky) and bounded, so the scan stays linear on long prose.
 */

/** A token found at a position: its syntax, where it ends (exclusive) and its argument or tag name. */
export interface Token {
  kind: string
  end: number
  name?: string
}

// Template code and tags longer than this are prose; the bound keeps every pattern linear on long text.
export const MAX_TOKEN = 2000

// `%` family. The space flag is left out of printf: `100% of` and `50% off` are prose, not `% o`.
const APPLE_VARIABLE = /%(?:\d+\$)?#@([A-Za-z_][\w.]*)@/y
const PYTHON = /%\(([^()\s]+)\)[-#0 +]*(?:\d+|\*)?(?:\.(?:\d+|\*))?[hlL]?[diouxXeEfFgGcrsa]/y
const RUBY_NAMED = /%\{([A-Za-z_]\w*)\}/y
const RUBY_FORMAT = /%<([A-Za-z_]\w*)>[-+ 0#]*\d*(?:\.\d+)?[A-Za-z]/y
// Java's date/time conversions: `%tY`, `%1$tm`, `%Tc`.
const JAVA_TIME = /%(?:(\d+)\$)?-?[tT][HIklMSLNpzZsQBbhAaCYyjmdeRTrDFc]/y
const PRINTF = /%(?:(\d+)\$)?[-+0#'I]*(?:\d+|\*(?:\d+\$)?)?(?:\.(?:\d+|\*(?:\d+\$)?))?(?:hh|h|ll|l|L|q|j|z|t)?[diouxXeEfFgGaAcCsSpn@]/y
// Qt's `%1`..`%99` and `%L1` (locale digits); JabRef numbers from `%0`. Tried after printf, so `%1$s` and `%1d` stay printf.
const QT = /%(L?)(\d{1,2})(?!\d)/y
// strftime conversions printf does not read (Rails, Python, PHP date formats): `%Y`, `%-m`, `%B`, `%H:%M`.
// Not before an ASCII letter: `%locale%` is no hour (`%l`); `%Y年%m月` still is a date.
const STRFTIME = /%[-_0^#]?[YmBbHMZzyIjklPUWVhRrTDNL](?![A-Za-z])/y
// Symfony parameters and Crowdin/Windows names: `%name%`, `%two_letters_code%`. Two characters at least and ending in a
// letter, so `%d%%` stays printf and `%C3%` (a URL escape) is text.
const PERCENT_NAME = /%([A-Za-z_][A-Za-z0-9_.]*[A-Za-z_])%(?!%)/y

// `<` family. ERB: `<%= x %>`, `<% if x %>`, `<%- x -%>`, `<%# note %>`; `<%%` is ERB's escaped `<%` (text).
const ERB = /<%(?!%)[=#-]?[\s\S]*?%>/y
const TAG = /<\/?([A-Za-z][\w.:-]*)(?:\s+[\w.:-]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'<>=`]+))?)*\s*\/?>/y
// react-i18next `<Trans>` components are numbered: `<1>link</1>`, `<0/>`. No attributes, so `a <5 or b>` stays prose.
const NUMBERED_TAG = /<\/?(\d{1,3})\s*\/?>/y

// `{` family (besides ICU, read in scan.ts).
// Jinja, Django, Liquid, Twig and Nunjucks tags: `{% if x %}`, `{%- trans -%}`, `{% blocktrans count n=x %}`.
const TEMPLATE_TAG = /\{%-?\s*([A-Za-z_]\w*)[^{}]*?-?%\}/y
// Handlebars/Mustache unescaped output.
const TRIPLE_BRACE = /\{\{\{\s*([^{}]*?)\s*\}\}\}/y
// i18next, Jinja/Django/Liquid output, Handlebars blocks (`{{#if x}}`, `{{/if}}`, `{{else}}`), Angular, Symfony, Go.
const DOUBLE_BRACE = /\{\{\s*(-\s*)?([^{}]*?)\s*\}\}/y
const DOTNET = /\{(\d+)(?:\s*,\s*-?\d+)?(?::[^{}]*)?\}/y

// vue-i18n linked messages: `@:key`, `@.lower:key`, `@:(key)`. A key's last dot is sentence punctuation.
const VUE_LINKED = /@(?:\.(?:lower|upper|capitalize|[A-Za-z]\w*))?:(?:\(([\w.$-]+)\)|([\w$-]+(?:\.[\w$-]+)*))/y
// Jakarta EL in Bean Validation messages and Spring/JS template strings: `${validatedValue}`,
// `${formatter.format('%1$.2f', value)}`. Expressions holding quoted prose (`${n == 1 ? ' nano' : ...}`) carry
// translatable text and are left to the scan.
const DOLLAR_BRACE = /\$\{(?:[^{}'"]|'[^'\s]*'|"[^"\s]*")*\}/y
// picocli ANSI markup in Java resource bundles: `@|bold,fg(yellow) ` opens, `|@` closes; the text between is prose.
const PICOCLI_OPEN = /@\|([a-z]+(?:\([\w;]+\))?(?:,[a-z]+(?:\([\w;]+\))?)*)\s/y
const PICOCLI_CLOSE = /\|@/y

// HTML character references: `&amp;`, `&nbsp;`, `&#39;`, `&#x2014;`. `&` before a space, and `T&T`, are prose.
const ENTITY = /&(?:([A-Za-z][A-Za-z0-9]{1,31})|#\d{1,7}|#[xX][0-9A-Fa-f]{1,6});/y

/** A syntax: its pattern, its kind and, when not the first group that matched, how to read its name. */
type Syntax = readonly [RegExp, string, ((m: RegExpExecArray) => string | undefined)?]

const firstGroup = (m: RegExpExecArray) => m[1] ?? m[2]
const elName = (m: RegExpExecArray) => /^\$\{\s*([A-Za-z_][\w.]*)/u.exec(m[0])?.[1]

/** What to try at each trigger character, in order; the first match wins. */
const BY_CHAR: Record<string, readonly Syntax[]> = {
  '%': [
    [APPLE_VARIABLE, 'apple-variable'],
    [PYTHON, 'python'],
    [RUBY_NAMED, 'ruby'],
    [RUBY_FORMAT, 'ruby'],
    [PERCENT_NAME, 'percent-name'],
    [JAVA_TIME, 'printf'],
    [PRINTF, 'printf'],
    [QT, 'qt', (m) => m[2]],
    [STRFTIME, 'strftime'],
  ],
  '<': [
    [ERB, 'erb'],
    [TAG, 'tag'],
    [NUMBERED_TAG, 'tag'],
  ],
  '{': [
    [TEMPLATE_TAG, 'template-tag'],
    [TRIPLE_BRACE, 'mustache'],
  ],
  '@': [
    [VUE_LINKED, 'vue-linked'],
    [PICOCLI_OPEN, 'picocli'],
  ],
  '|': [[PICOCLI_CLOSE, 'picocli']],
  '$': [[DOLLAR_BRACE, 'dollar-brace', elName]],
  '&': [[ENTITY, 'entity']],
}

function stickyMatch(re: RegExp, text: string, at: number): RegExpExecArray | null {
  re.lastIndex = at
  return re.exec(text)
}

/** The one-token placeholder starting at `at`, if any. `{` here covers only template tags and `{{{raw}}}`. */
export function matchToken(text: string, at: number): Token | null {
  const tries = BY_CHAR[text[at] ?? '']
  if (!tries) return null
  // Patterns never look further than MAX_TOKEN, so a long prose text costs no more than a short one.
  const window = text.length - at > MAX_TOKEN ? text.slice(0, at + MAX_TOKEN) : text
  for (const [re, kind, nameOf = firstGroup] of tries) {
    const m = stickyMatch(re, window, at)
    if (m) return named(kind, at + m[0].length, nameOf(m))
  }
  if (text.startsWith('$t(', at)) {
    const end = matchParen(window, at + 2)
    if (end > 0) return named('i18next-nesting', end, text.slice(at + 3, end - 1).split(',')[0]?.trim())
  }
  return null
}

/** `{{x}}` and .NET `{0:N2}`: tried before ICU arguments, since ICU would read `{0:N2}` as prose. */
export function matchBraceArgument(text: string, at: number): Token | null {
  const window = text.length - at > MAX_TOKEN ? text.slice(0, at + MAX_TOKEN) : text
  let m = stickyMatch(DOUBLE_BRACE, window, at)
  if (m && m[2]) return named('mustache', at + m[0].length, m[2].split(/[,|\s]/u)[0])
  m = stickyMatch(DOTNET, window, at)
  if (m && /[,:]/u.test(m[0])) return named('dotnet', at + m[0].length, m[1])
  return null
}

function named(kind: string, end: number, name: string | undefined): Token {
  return name ? { kind, end, name } : { kind, end }
}

/** End (exclusive) of the parenthesised group opening at `open`, or -1 when it never closes. */
function matchParen(text: string, open: number): number {
  let depth = 0
  let quote = ''
  for (let k = open; k < text.length && k < open + MAX_TOKEN; k++) {
    const c = text[k]
    if (quote) {
      if (c === quote) quote = ''
    } else if (c === '"' || c === "'") quote = c
    else if (c === '(') depth++
    else if (c === ')' && --depth === 0) return k + 1
  }
  return -1
}
