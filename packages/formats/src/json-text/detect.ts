/** Content signatures that tell plain JSON, ARB and String Catalogs apart. */

// Detection looks at the start of the content only; 64 KiB covers the first `@key` of any real ARB.
const HEAD = 65_536

/** True when the content (after a BOM and whitespace) starts a JSON object. */
export function startsJsonObject(content: string): boolean {
  return /^\uFEFF?\s*\{/.test(content.slice(0, 1024))
}

/** True when the content carries Xcode String Catalog keys (`sourceLanguage` and `strings`). */
export function hasXcstringsSignature(content: string): boolean {
  const head = content.slice(0, HEAD)
  return /"sourceLanguage"\s*:/.test(head) && /"strings"\s*:\s*\{/.test(head)
}

/** True when the content carries ARB metadata (`@@locale` or an `@key` object). */
export function hasArbSignature(content: string): boolean {
  const head = content.slice(0, HEAD)
  return /"@@[A-Za-z_][\w-]*"\s*:/.test(head) || /"@[A-Za-z_$][\w$]*"\s*:\s*\{/.test(head)
}

/** The lower-cased extension of a file name, with its dot. */
export function extensionOf(filename: string): string {
  const base = filename.slice(filename.replace(/\\/g, '/').lastIndexOf('/') + 1)
  const dot = base.lastIndexOf('.')
  return dot <= 0 ? '' : base.slice(dot).toLowerCase()
}
