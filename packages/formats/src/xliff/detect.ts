/** XLIFF detection from the file name and the start of the content. */

const XLIFF_EXT = /\.(xlf|xliff)$/i

/** 0..1: XLIFF by extension (.xlf/.xliff) and by an `<xliff` root; an `.xml` needs the root to score. */
export function detectXliff(filename: string, content: string): number {
  const head = content.slice(0, 4096)
  const hasRoot = /<(?:[\w.-]+:)?xliff[\s>]/.test(head)
  const hasNs = /urn:oasis:names:tc:xliff:document:/.test(head)
  const byName = XLIFF_EXT.test(filename)
  if (hasRoot) return byName || hasNs ? 1 : 0.95
  if (byName) return /<(resources|root|plist)[\s>]/.test(head) ? 0.3 : 0.7
  return 0
}
