/** Writing JSON strings in the escaping style a file already uses. */

/** How a file escapes strings: `\u00e9` for non-ASCII (ensure_ascii writers), `\/` for slashes. */
export interface StringStyle {
  asciiOnly: boolean
  escapeSlash: boolean
}

/** The default style: raw UTF-8, unescaped `/`, which is what most tools write. */
export const PLAIN_STYLE: StringStyle = { asciiOnly: false, escapeSlash: false }

/** Reads a file's escaping habits, so edited values look like their neighbours. */
export function detectStringStyle(text: string): StringStyle {
  const hasUnicodeEscape = /\\u(?:00[89a-fA-F][0-9a-fA-F]|0[1-9a-fA-F][0-9a-fA-F]{2}|[1-9a-fA-F][0-9a-fA-F]{3})/.test(text)
  // A file with raw non-ASCII is not ensure_ascii, whatever escapes it also holds. Looked for only in a file with
  // escapes: on an ASCII file without any, the scan finds nothing after reading every character (10 MB on a pull).
  const asciiOnly = hasUnicodeEscape && !/[^\x00-\x7f\uFEFF]/.test(text)
  return { asciiOnly, escapeSlash: text.includes('\\/') }
}

const NEEDS_ESCAPE = /["\\\x00-\x1f\/\ud800-\udfff]/
const NEEDS_ESCAPE_ASCII = /["\\\x00-\x1f\/\u007f-\uffff]/
const SHORT: Record<string, string> = { '"': '\\"', '\\': '\\\\', '\b': '\\b', '\f': '\\f', '\n': '\\n', '\r': '\\r', '\t': '\\t' }

/** Quotes `value` as a JSON string token in the given style. */
export function quoteJson(value: string, style: StringStyle = PLAIN_STYLE): string {
  // Most texts need no escape at all; skipping the replace keeps 100,000-key writes cheap.
  if (!(style.asciiOnly ? NEEDS_ESCAPE_ASCII : NEEDS_ESCAPE).test(value)) return '"' + value + '"'
  // Lone surrogates are escaped: raw, they would turn into U+FFFD when the file is encoded as UTF-8.
  const pattern = style.asciiOnly ? /["\\\x00-\x1f\/\u007f-\uffff]/g : /["\\\x00-\x1f\/]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g
  return '"' + value.replace(pattern, (ch) => {
    const short = SHORT[ch]
    if (short) return short
    if (ch === '/') return style.escapeSlash ? '\\/' : '/'
    return '\\u' + ch.charCodeAt(0).toString(16).padStart(4, '0')
  }) + '"'
}
