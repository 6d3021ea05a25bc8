import { describe, expect, it } from 'vitest'
import { comparePlaceholders, extractPlaceholders } from './index.js'

const texts = (s: string) => extractPlaceholders(s).map((p) => p.text)
const kinds = (s: string) => extractPlaceholders(s).map((p) => `${p.kind}:${p.text}`)

describe('extractPlaceholders', () => {
  const cases: [string, string, string[]][] = [
    ['printf conversions', 'Hello %s, you have %d items', ['printf:%s', 'printf:%d']],
    ['printf length modifiers and precision', '%lld files, %.2f%%, %ld', ['printf:%lld', 'printf:%.2f', 'printf:%ld']],
    ['Apple object specifier', '%@ liked your post', ['printf:%@']],
    ['positional printf (Android/Apple)', '%1$s and %2$@ and %3$d', ['printf:%1$s', 'printf:%2$@', 'printf:%3$d']],
    ['%% is an escaped percent, not a placeholder', '100%% sure', []],
    ['a percent followed by a space is prose', '100% of users, 50% off', []],
    ['a lone percent at the end is prose', 'Test %', []],
    ['glibc locale-digit flag', '%Id items', ['printf:%Id']],
    ['ICU simple argument', 'Hello {name}!', ['icu:{name}']],
    ['ICU typed argument', 'Total {n, number} on {d, date, short}', ['icu:{n, number}', 'icu:{d, date, short}']],
    ['ICU positional argument', 'File {0} of {1}', ['icu:{0}', 'icu:{1}']],
    ['.NET format items with format and alignment', 'Value {0:N2} and {1,-10}', ['dotnet:{0:N2}', 'dotnet:{1,-10}']],
    ['i18next interpolation', 'Hi {{name}}, {{- html}} {{value, number}}', ['i18next:{{name}}', 'i18next:{{- html}}', 'i18next:{{value, number}}']],
    ['Symfony/Hugo double braces with spaces', 'at most {{ limit }} and {{ .Count }}', ['i18next:{{ limit }}', 'i18next:{{ .Count }}']],
    ['i18next nesting', 'See $t(common.more) or $t(key, {"count": 2})', ['i18next-nesting:$t(common.more)', 'i18next-nesting:$t(key, {"count": 2})']],
    ['Ruby named', 'Hello %{name}, %<count>d new', ['ruby:%{name}', 'ruby:%<count>d']],
    ['Python named', 'Hello %(name)s, %(n)d', ['python:%(name)s', 'python:%(n)d']],
    ['HTML-like tags', 'Click <b>here</b><br/> or <a href="/x">link</a>', ['tag:<b>', 'tag:</b>', 'tag:<br/>', 'tag:<a href="/x">', 'tag:</a>']],
    ['xliff:g tags', '<xliff:g id="count" example="3">%d</xliff:g> left', ['tag:<xliff:g id="count" example="3">', 'printf:%d', 'tag:</xliff:g>']],
    ['stringsdict variable', 'You have %#@files@ in %1$#@folders@ (%#@total.strings@)', ['apple-variable:%#@files@', 'apple-variable:%1$#@folders@', 'apple-variable:%#@total.strings@']],
    ['plain braces in prose are not placeholders', 'use {} or { not a var } or {"a": 1}', []],
    ['email-like @ is not a placeholder', 'write to me@example.org', []],
    ['a comparison is not a tag', 'if a < b then', []],
    ['ICU apostrophe quoting makes a literal brace', "This '{name}' is literal, it''s {real}", ['icu:{real}']],
  ]
  it.each(cases)('reads %s', (_name, input, expected) => {
    expect(kinds(input)).toEqual(expected)
  })

  it('reads an ICU plural: the argument, its branches, nested placeholders and #', () => {
    const s = '{count, plural, =0 {No items} one {# item for {name}} other {# items}}'
    expect(kinds(s)).toEqual([
      'icu-plural:{count, plural,',
      'icu-branch:=0 {', 'icu-branch-end:}',
      'icu-branch:one {', 'icu-pound:#', 'icu:{name}', 'icu-branch-end:}',
      'icu-branch:other {', 'icu-pound:#', 'icu-branch-end:}',
      'icu-end:}',
    ])
  })

  it('reads a select nested in a plural and keeps # bound to the plural', () => {
    const s = '{n, plural, offset:1 one {{g, select, male {He} other {They}} and #} other {#}}'
    const found = kinds(s)
    expect(found[0]).toBe('icu-plural:{n, plural, offset:1')
    expect(found).toContain('icu-select:{g, select,')
    expect(found.filter((k) => k === 'icu-pound:#')).toHaveLength(2)
  })

  it('reads # outside a plural as text', () => {
    expect(texts('Issue #12 and {g, select, a {#} other {x}}')).not.toContain('#')
  })

  it('reads an unterminated plural as text', () => {
    expect(kinds('{count, plural, one {# item')).toEqual([])
  })

  it('gives offsets that slice back to the placeholder text', () => {
    const s = 'Héllo %1$@ <b>{name}</b> {n, plural, one {#} other {# x}}'
    for (const p of extractPlaceholders(s)) expect(s.slice(p.start, p.end)).toBe(p.text)
  })

  it('names arguments and tags', () => {
    const byText = Object.fromEntries(extractPlaceholders('{user} %(n)d <b> {{ limit }} %2$s').map((p) => [p.text, p.name]))
    expect(byText).toEqual({ '{user}': 'user', '%(n)d': 'n', '<b>': 'b', '{{ limit }}': 'limit', '%2$s': '2' })
  })

  it('survives deep nesting, long input and random text without throwing', () => {
    const deep = '{a, plural, other {'.repeat(500) + 'x' + '}}'.repeat(500)
    expect(() => extractPlaceholders(deep)).not.toThrow()
    const long = '<a '.repeat(50_000) + '%'.repeat(50_000) + '{'.repeat(50_000)
    expect(() => extractPlaceholders(long)).not.toThrow()
    let seed = 7
    const rnd = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31
    const alphabet = "{}%$#<>/'\"@ ab1,=()-.:t"
    for (let n = 0; n < 2000; n++) {
      let s = ''
      for (let k = 0; k < 40; k++) s += alphabet[Math.floor(rnd() * alphabet.length)]
      expect(() => comparePlaceholders(s, s)).not.toThrow()
      expect(comparePlaceholders(s, s).ok).toBe(true)
    }
  })
})

describe('comparePlaceholders', () => {
  const cases: [string, string, string, boolean, string[], string[]][] = [
    ['accepts reordered printf', '%s of %d', '%d von %s', true, [], []],
    ['accepts positional forms for plain ones (Sparkle de)', '%@ %@ is available', '%1$@ %2$@ ist verfügbar', true, [], []],
    ['accepts reordered positional printf', '%1$s sent %2$s', '%2$s von %1$s', true, [], []],
    ['reports a dropped placeholder', 'Hello %s', 'Hallo', false, ['%s'], []],
    ['reports an added placeholder', 'Hello', 'Hallo {name}', false, [], ['{name}']],
    ['compares as a multiset', '%s and %s', '%s', false, ['%s'], []],
    ['ignores whitespace inside ICU arguments', '{n, number}', '{n,number}', true, [], []],
    ['accepts a plural with more branches in the translation', '{n, plural, one {# file} other {# files}}',
      '{n, plural, one {# файл} few {# файла} many {# файлов} other {# файла}}', true, [], []],
    ['reports a placeholder missing from every branch', '{n, plural, one {# by {user}} other {# by {user}}}',
      '{n, plural, one {#} other {#}}', false, ['{user}'], []],
    ['reports a renamed i18next variable', 'Hi {{name}}', 'Hallo {{nom}}', false, ['{{name}}'], ['{{nom}}']],
    ['reports a missing closing tag', '<b>bold</b>', '<b>fett', false, ['</b>'], []],
    ['accepts the glibc %Id for %d', '%d places', '%Id خانات', true, [], []],
    ['reports a changed conversion', '%d items', '%s Elemente', false, ['%d'], ['%s']],
  ]
  it.each(cases)('%s', (_name, source, translation, ok, missing, extra) => {
    expect(comparePlaceholders(source, translation)).toEqual({ ok, missing, extra })
  })
})
