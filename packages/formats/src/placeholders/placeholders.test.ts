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
    ['i18next interpolation', 'Hi {{name}}, {{- html}} {{value, number}}', ['mustache:{{name}}', 'mustache:{{- html}}', 'mustache:{{value, number}}']],
    ['Symfony/Hugo double braces with spaces', 'at most {{ limit }} and {{ .Count }}', ['mustache:{{ limit }}', 'mustache:{{ .Count }}']],
    ['i18next nesting', 'See $t(common.more) or $t(key, {"count": 2})', ['i18next-nesting:$t(common.more)', 'i18next-nesting:$t(key, {"count": 2})']],
    ['Ruby named', 'Hello %{name}, %<count>d new', ['ruby:%{name}', 'ruby:%<count>d']],
    ['Python named', 'Hello %(name)s, %(n)d', ['python:%(name)s', 'python:%(n)d']],
    ['HTML-like tags', 'Click <b>here</b><br/> or <a href="/x">link</a>', ['tag:<b>', 'tag:</b>', 'tag:<br/>', 'tag:<a href="/x">', 'tag:</a>']],
    ['xliff:g tags', '<xliff:g id="count" example="3">%d</xliff:g> left', ['tag:<xliff:g id="count" example="3">', 'printf:%d', 'tag:</xliff:g>']],
    ['stringsdict variable', 'You have %#@files@ in %1$#@folders@ (%#@total.strings@)', ['apple-variable:%#@files@', 'apple-variable:%1$#@folders@', 'apple-variable:%#@total.strings@']],
    ['plain braces in prose are not placeholders', 'use {} or { not a var } or {"a": 1}', []],
    ['email-like @ is not a placeholder', 'write to me@example.org', []],
    ['a comparison is not a tag', 'if a < b then', []],
    ['ICU apostrophe quoting makes a literal brace', "Braces '{' and '}', it''s {real}", ['icu:{real}']],
    ['a whole argument in apostrophes stays an argument (Flutter ARB)', "Unknown event '{type}'", ['icu:{type}']],
    ['a quoted ICU plural head is text', "'{count, plural,' is the head", []],
    // Rails views: ERB output, statements, trim markers and comments; `<%%` is ERB's escaped `<%`.
    ['ERB output', 'You have <%= count %> new <%= link_to "messages", inbox_path %>', ['erb:<%= count %>', 'erb:<%= link_to "messages", inbox_path %>']],
    ['ERB statements and trim markers', '<% if admin? %>Admin<% end %> <%- name -%> <%# note %>', ['erb:<% if admin? %>', 'erb:<% end %>', 'erb:<%- name -%>', 'erb:<%# note %>']],
    ['ERB escaped <%% and an unclosed <% are text', 'Write <%% to get <% and 100 <% off', []],
    // Jinja, Django, Liquid, Twig: output, filters and tags.
    ['Jinja/Django output with a filter', 'Hello {{ user.name|title }}, {{ count|intcomma }} items', ['mustache:{{ user.name|title }}', 'mustache:{{ count|intcomma }}']],
    ['Jinja/Django/Liquid tags with trim markers', '{% if user %}Hi {{ user }}{% endif %} {%- trans -%}', ['template-tag:{% if user %}', 'mustache:{{ user }}', 'template-tag:{% endif %}', 'template-tag:{%- trans -%}']],
    ['Django blocktrans tags (the text between is translatable)', '{% blocktrans count n=items|length %}One item{% plural %}{{ n }} items{% endblocktrans %}',
      ['template-tag:{% blocktrans count n=items|length %}', 'template-tag:{% plural %}', 'mustache:{{ n }}', 'template-tag:{% endblocktrans %}']],
    ['a percent in braces that is no tag', '{% off} and {%}', []],
    // Handlebars: blocks, closing blocks, else and unescaped output.
    ['Handlebars blocks and raw output', '{{#if unread}}{{{count}}} new{{else}}none{{/if}}', ['mustache:{{#if unread}}', 'mustache:{{{count}}}', 'mustache:{{else}}', 'mustache:{{/if}}']],
    // vue-i18n linked messages.
    ['vue-i18n linked messages', 'See @:common.terms, @.lower:app.name and @:(nav.home).', ['vue-linked:@:common.terms', 'vue-linked:@.lower:app.name', 'vue-linked:@:(nav.home)']],
    ['@ in e-mail addresses, handles and picocli is not a linked message', 'me@example.org, @user: hi, 10 @: 5', []],
    // i18next nesting.
    ['i18next nesting with options', 'Total: $t(money, {"amount": 5}) and $t(unit)', ['i18next-nesting:$t(money, {"amount": 5})', 'i18next-nesting:$t(unit)']],
    ['a dollar sign in prose is not nesting', 'It costs $5 (or $t without parentheses)', []],
    // Java MessageFormat.
    ['Java MessageFormat number, date and time', '{0,number,#} on {1,date,short} at {1,time,HH:mm}', ['icu:{0,number,#}', 'icu:{1,date,short}', 'icu:{1,time,HH:mm}']],
    ['Java ChoiceFormat: limits are structure, texts translatable', 'There {1,choice,0#are no files|1#is one file|1<are {1,number,integer} files}.',
      ['icu-choice:{1,choice,', 'icu-branch:0#', 'icu-branch:|1#', 'icu-branch:|1<', 'icu:{1,number,integer}', 'icu-end:}']],
    // .NET composite formatting.
    ['.NET format, alignment and date format', '{0:N2} {1,-10} {2:yyyy-MM-dd} {3,8:C}', ['dotnet:{0:N2}', 'dotnet:{1,-10}', 'dotnet:{2:yyyy-MM-dd}', 'dotnet:{3,8:C}']],
    // Qt and JabRef.
    ['Qt numbered arguments and %L1', 'Copied %1 of %2 (%L3 bytes), %99', ['qt:%1', 'qt:%2', 'qt:%L3', 'qt:%99']],
    ['JabRef %0', 'Could not open %0: %1', ['qt:%0', 'qt:%1']],
    ['a percent after a number is prose, a three-digit number no Qt argument', '50% off, 100%, (25%) and %100', []],
    ['Symfony and Crowdin %name% parameters', 'Hello %name%, files go to %two_letters_code%/%original_file_name%', ['percent-name:%name%', 'percent-name:%two_letters_code%', 'percent-name:%original_file_name%']],
    ['%d%% and a URL escape are not %name%', '(%d%%) and a%C3%A9', ['printf:%d', 'printf:%C', 'printf:%A']],
    // strftime (Rails date formats) and Java dates.
    ['strftime conversions (Rails date formats)', '%B %-d, %Y %H:%M', ['strftime:%B', 'strftime:%-d', 'strftime:%Y', 'strftime:%H', 'strftime:%M']],
    ['a date format reads %d and %a as strftime', '%a, %d.%m.%Y', ['strftime:%a', 'strftime:%d', 'strftime:%m', 'strftime:%Y']],
    ['without a strftime-only conversion %d stays printf', '%d files, %a', ['printf:%d', 'printf:%a']],
    ['a strftime letter before a letter is text', 'per %Month and %Year', []],
    ['a date format in Japanese', '%Y年%m月%d日', ['strftime:%Y', 'strftime:%m', 'strftime:%d']],
    ['Java date/time conversions', 'Birthday: %1$tm %1$te,%1$tY', ['printf:%1$tm', 'printf:%1$te', 'printf:%1$tY']],
    // Markup.
    ['react-i18next numbered tags', 'Subscribed to <1>communities</1><0/>', ['tag:<1>', 'tag:</1>', 'tag:<0/>']],
    ['a number after < is a comparison', 'when a <5 and b> 3', []],
    ['HTML entities: named, decimal and hex', 'Terms &amp; Conditions&nbsp;&#39;x&#39; &#x2014;', ['entity:&amp;', 'entity:&nbsp;', 'entity:&#39;', 'entity:&#39;', 'entity:&#x2014;']],
    ['an ampersand in prose is no entity', 'T&T, Q&A, R & D, &;, & amp;', []],
    // Bean Validation and picocli (Java resource bundles).
    ['Jakarta EL in Bean Validation messages', 'must be at most ${max} (${formatter.format(\'%1$.2f\', value)})', ['dollar-brace:${max}', "dollar-brace:${formatter.format('%1$.2f', value)}"]],
    ['an EL expression with quoted prose is read as text', "${n == 1 ? ' nano' : ' nanos'}", []],
    ['picocli ANSI markup around translatable text', '%n@|bold,fg(yellow) Usage|@: %s', ['printf:%n', 'picocli:@|bold,fg(yellow) ', 'picocli:|@', 'printf:%s']],
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
    // Unclosed template code: every pattern looks at most 2,000 characters ahead.
    const unclosed = ['<%= x ', '{% if ', '${a ', '$t(a ', '{0,choice,0#', '&amp'].map((s) => s.repeat(2_000)).join('')
    expect(extractPlaceholders(unclosed)).toEqual([])
    let seed = 7
    const rnd = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31
    const alphabet = "{}%$#<>/'\"@ ab1,=()-.:t&;|Y"

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
    ['reports a dropped ERB output (Rails view string)', 'You have <%= count %> new messages', 'Sie haben neue Nachrichten', false, ['<%= count %>'], []],
    ['reports an altered ERB output', 'Hello <%= user.name %>', 'Hallo <%= user.nom %>', false, ['<%= user.name %>'], ['<%= user.nom %>']],
    ['accepts ERB and Jinja code respaced', '<%= count %> {{ name|title }} {% trans %}', '{%trans%} {{name|title}} <%=count%>', true, [], []],
    ['reports a dropped Jinja tag', '{% if n %}{{ n }} new{% endif %}', '{{ n }} neu{% endif %}', false, ['{% if n %}'], []],
    ['reports a renamed vue-i18n link', 'See @:common.terms', 'Siehe @:common.bedingungen', false, ['@:common.terms'], ['@:common.bedingungen']],
    ['accepts reordered Qt arguments', '%1 of %2', '%2 von %1', true, [], []],
    ['reports a dropped Qt argument', 'Copied %1 of %2', 'Kopiert %2', false, ['%1'], []],
    ['accepts other choice texts and limits', '{0,choice,0#no files|1#one file|1<{0,number} files}', '{0,choice,0#keine Dateien|1#eine Datei|1<{0,number} Dateien}', true, [], []],
    ['reports a placeholder missing from a choice', '{0,choice,0#none|1<{0,number} by {1}}', '{0,choice,0#keine|1<{0,number}}', false, ['{1}'], []],
    ['accepts an entity spelled out or added (not compared)', 'Terms &amp; Conditions', 'AGB&nbsp;', true, [], []],
    ['accepts a localized date format (strftime not compared)', '%B %d, %Y', '%-d %B %Y', true, [], []],
    ['reports a dropped numbered tag (react-i18next)', 'Inbox for <1>{{user}}</1>', 'Posteingang für {{user}}', false, ['<1>', '</1>'], []],
  ]
  it.each(cases)('%s', (_name, source, translation, ok, missing, extra) => {
    expect(comparePlaceholders(source, translation)).toEqual({ ok, missing, extra })
  })
})
