import { describe, expect, it } from 'vitest'
import {
  ENTITY_EXPANSION_LIMIT, applyEdits, childElement, childElements, decodeText, escapeAttr, escapeText, innerXml, keepRawIfSame, resolvePrefix,
  scanXml, textContent,
} from './index.js'
import type { XmlDocument, XmlElement, XmlNode } from './index.js'

/** Concatenates the spans of the top-level nodes and the gaps between them: must give the input back. */
function spansCover(content: string, parent: XmlDocument | XmlElement): boolean {
  let pos = parent.type === 'document' ? (content.startsWith('\uFEFF') ? 1 : 0) : parent.contentStart
  for (const c of parent.children) {
    if (c.start !== pos) return false
    if (c.type === 'element' && !c.selfClosing && !spansCover(content, c)) return false
    pos = c.end
  }
  return pos === (parent.type === 'document' ? content.length : parent.contentEnd)
}

function errors(content: string) {
  return scanXml(content).issues.filter((i) => i.severity === 'error')
}

describe('scanXml spans', () => {
  const samples = [
    '<a/>',
    '<?xml version="1.0" encoding="utf-8"?>\n<!-- c -->\n<root a="1" b=\'2\'>\n  <x:y xmlns:x="u">t</x:y>\n  <![CDATA[<b>]]>\n</root>\n',
    '\uFEFF<?xml version="1.0"?>\r\n<r>\r\n\t<s name="k">v &amp; w</s>\r\n</r>',
    '<!DOCTYPE r [ <!ENTITY foo "Foo"> ]>\n<r>&foo;</r>',
  ]
  it.each(samples)('covers every byte of the input with node spans: %j', (content) => {
    const scan = scanXml(content)
    expect(scan.issues).toEqual([])
    expect(spansCover(content, scan.document)).toBe(true)
  })

  it('gives element, content and attribute spans that slice back to the source', () => {
    const content = '<root><item id="a&amp;b" n=\'x\'>one <b>two</b></item><e/></root>'
    const { root } = scanXml(content)
    const item = childElement(root!, 'item')!
    expect(content.slice(item.start, item.end)).toBe('<item id="a&amp;b" n=\'x\'>one <b>two</b></item>')
    expect(innerXml(content, item)).toBe('one <b>two</b>')
    const [id, n] = item.attrs
    expect(content.slice(id!.start, id!.end)).toBe('id="a&amp;b"')
    expect(content.slice(id!.valueStart, id!.valueEnd)).toBe('a&amp;b')
    expect(id!.value).toBe('a&b')
    expect(n!.quote).toBe("'")
    const e = childElement(root!, 'e')!
    expect(e.selfClosing).toBe(true)
    expect(e.contentStart).toBe(e.end)
    expect(content.slice(item.start, item.nameEnd)).toBe('<item')
  })

  it('lets a consumer replace inner content and keep every other byte', () => {
    const content = '<r>\n  <s a="1">old</s>\n  <s a="2">keep &#8230;</s>\n</r>'
    const { root } = scanXml(content)
    const [first] = childElements(root!, 's')
    const out = applyEdits(content, [{ start: first!.contentStart, end: first!.contentEnd, text: escapeText('new <&>') }])
    expect(out).toBe('<r>\n  <s a="1">new &lt;&amp;></s>\n  <s a="2">keep &#8230;</s>\n</r>')
  })

  it('keeps names with prefixes as written and resolves prefixes through ancestors', () => {
    const { root } = scanXml('<r xmlns="d" xmlns:xliff="urn:x"><s><xliff:g id="1">%s</xliff:g></s></r>')
    const g = childElement(childElement(root!, 's')!, 'xliff:g')!
    expect(g.name).toBe('xliff:g')
    expect(resolvePrefix(g, 'xliff')).toBe('urn:x')
    expect(resolvePrefix(g, '')).toBe('d')
    expect(resolvePrefix(g, 'none')).toBeUndefined()
  })
})

describe('decoding', () => {
  it.each([
    ['&lt;&gt;&amp;&quot;&apos;', '<>&"\''],
    ['&#8230;', '\u2026'],
    ['&#x2026;', '\u2026'],
    ['&#x1F600;', '\u{1F600}'],
    ['a\r\nb\rc', 'a\nb\nc'],
  ])('decodes text %j', (raw, value) => {
    const { root } = scanXml(`<r>${raw}</r>`)
    expect(textContent(root!)).toBe(value)
  })

  it('reads repeated CRLF indentation as LF every time', () => {
    const { root } = scanXml('<r>\r\n  <a/>\r\n  <b/>\r\n  <c/>\r\n</r>')
    const texts = root!.children.filter((c) => c.type === 'text').map((c) => (c as { value: string }).value)
    expect(texts).toEqual(['\n  ', '\n  ', '\n  ', '\n'])
  })

  it('normalizes literal whitespace in attributes but keeps character references', () => {
    const { root } = scanXml('<r a="x\ny\tz&#10;w"/>')
    expect(root!.attrs[0]!.value).toBe('x y z\nw')
  })

  it('reads CDATA literally, and comments and processing instructions as nodes', () => {
    const { root } = scanXml('<r><?php echo 1; ?><!-- note --><![CDATA[<a href="&amp;">]]></r>')
    const kinds = root!.children.map((c: XmlNode) => c.type)
    expect(kinds).toEqual(['pi', 'comment', 'cdata'])
    expect(textContent(root!)).toBe('<a href="&amp;">')
    expect(root!.children[0]).toMatchObject({ target: 'php', data: 'echo 1; ' })
  })

  it('reports an undefined entity and a bare ampersand with line and column', () => {
    expect(errors('<r>\n  a &nope; b</r>')).toEqual([expect.objectContaining({ line: 2, column: 5, message: expect.stringContaining('nope') })])
    expect(errors('<r>a & b</r>')).toEqual([expect.objectContaining({ line: 1, column: 6 })])
    expect(errors('<r>&#0;</r>')).toHaveLength(1)
  })

  it('expands internal entities, including entities that use other entities', () => {
    const scan = scanXml('<!DOCTYPE resources [ <!ENTITY foo "Foo"> <!ENTITY bar "Bar &foo;"> ]>\n<r a="&bar;">&bar;</r>')
    expect(scan.issues).toEqual([])
    expect(textContent(scan.root!)).toBe('Bar Foo')
    expect(scan.root!.attrs[0]!.value).toBe('Bar Foo')
    expect(scan.entities.get('foo')).toBe('Foo')
  })
})

describe('escaping', () => {
  it.each([
    ['a<b&c>d', 'a&lt;b&amp;c>d'],
    ['x]]>y', 'x]]&gt;y'],
    ['cr\r', 'cr&#13;'],
  ])('escapes text %j minimally', (value, raw) => {
    expect(escapeText(value)).toBe(raw)
    expect(decodeText(raw)).toBe(value)
  })

  it('escapes only the quote the attribute uses, and whitespace that would be normalized', () => {
    expect(escapeAttr(`a"b'c\n`, '"')).toBe(`a&quot;b'c&#10;`)
    expect(escapeAttr(`a"b'c`, "'")).toBe(`a"b&apos;c`)
  })

  it('keeps the original spelling when it decodes to the same value', () => {
    expect(keepRawIfSame('keep &#8230; &#x2026; &gt;', 'keep \u2026 \u2026 >')).toBe('keep &#8230; &#x2026; &gt;')
    expect(keepRawIfSame('old &#8230;', 'new \u2026')).toBe('new \u2026')
    expect(keepRawIfSame('a&#10;b', 'a\nb', 'attr')).toBe('a&#10;b')
  })
})

describe('security', () => {
  it('refuses external entities (XXE) with an error issue', () => {
    const issues = errors('<?xml version="1.0"?>\n<!DOCTYPE r [ <!ENTITY xxe SYSTEM "file:///etc/passwd"> ]>\n<r>&xxe;</r>')
    expect(issues[0]).toMatchObject({ line: 2, column: 15, message: expect.stringContaining('External entity') })
    expect(errors('<!DOCTYPE r [ <!ENTITY % p PUBLIC "x" "http://evil/x.dtd"> %p; ]><r/>')).not.toEqual([])
  })

  it('refuses a billion-laughs entity bomb once its expansion passes the budget', () => {
    const decls = ['<!ENTITY lol "lol">']
    for (let i = 1; i <= 9; i++) decls.push(`<!ENTITY lol${i} "${`&lol${i === 1 ? '' : i - 1};`.repeat(10)}">`)
    const issues = errors(`<!DOCTYPE lolz [${decls.join('')}]><lolz>&lol9;</lolz>`)
    // The work is bounded by the expansion budget (a million characters), not by the 3 billion the bomb asks for.
    expect(issues.filter((i) => i.message.includes('expansion'))).toEqual([expect.objectContaining({ message: `Entity expansion exceeds ${ENTITY_EXPANSION_LIMIT} characters; refused` })])
  })

  it('bounds many uses of a moderately large entity (quadratic blowup)', () => {
    const big = 'x'.repeat(10_000)
    const scan = scanXml(`<!DOCTYPE r [<!ENTITY a "${big}">]><r>${'&a;'.repeat(1000)}</r>`)
    expect(scan.issues.some((i) => i.message.includes('expansion'))).toBe(true)
  })

  it('refuses recursive entities', () => {
    expect(errors('<!DOCTYPE r [<!ENTITY a "&b;"><!ENTITY b "&a;">]><r>&a;</r>')).not.toEqual([])
  })

  it('refuses nesting deeper than 100 levels and accepts 100', () => {
    const nest = (n: number) => '<a>'.repeat(n) + '</a>'.repeat(n)
    expect(errors(nest(100))).toEqual([])
    expect(errors(nest(101))[0]!.message).toMatch(/deeper than 100/)
    expect(errors(nest(100_000))).toHaveLength(1)
  })
})

describe('bad input', () => {
  it.each([
    ['<r><a></r>', 1, 7],
    ['<r></a></r>', 1, 4],
    ['<r a=1/>', 1, 6],
    ['<r a="1" a="2"/>', 1, 10],
    ['<r a="1"b="2"/>', 1, 9],
    ['<r>\n<s>', 2, 4],
    ['<r><!-- x</r>', 1, 4],
    ['<r><![CDATA[x</r>', 1, 4],
    ['<r>< x</r>', 1, 4],
    ['', 1, 1],
    ['text', 1, 1],
    ['<r/><s/>', 1, 5],
  ])('reports %j as an error at line %i column %i', (content, line, column) => {
    const [first] = errors(content)
    expect(first).toMatchObject({ line, column })
  })

  it('ends every truncation of a real document in a clean scan or an error issue', () => {
    const content = '<?xml version="1.0"?>\n<!DOCTYPE r [<!ENTITY e "E">]>\n<r a="1">\n  <s x=\'y\'>t &e; &#10; <![CDATA[c]]><!-- c --></s>\n</r>\n'
    for (let i = 0; i < content.length; i++) {
      const scan = scanXml(content.slice(0, i))
      if (i < content.length - 2) expect(scan.issues.some((x) => x.severity === 'error')).toBe(true)
    }
    expect(scanXml(content).issues).toEqual([])
  })

  it('never throws or hangs on random input', () => {
    let seed = 42
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31
    const alphabet = '<>/="\'&;#x!-[]?abc \n\u00e9'
    for (let n = 0; n < 500; n++) {
      const len = Math.floor(rand() * 200)
      let s = ''
      for (let i = 0; i < len; i++) s += alphabet[Math.floor(rand() * alphabet.length)]
      const scan = scanXml(s)
      for (const issue of scan.issues) expect(issue.line).toBeGreaterThan(0)
    }
  })

  // How fast it scans is bench/'s to measure; here, that a 10,000,000-character file scans whole.
  it('scans 10,000,000 characters', () => {
    const unit = '  <string name="k">value &amp; more</string>\n'
    const content = `<resources>\n${unit.repeat(Math.ceil(10_000_000 / unit.length))}</resources>\n`
    expect(content.length).toBeGreaterThanOrEqual(10_000_000)
    const scan = scanXml(content)
    expect(scan.issues).toEqual([])
    expect(scan.root!.children.filter((c) => c.type === 'element')).toHaveLength(Math.ceil(10_000_000 / unit.length))
  })
})
