// Files are read and written as bytes: the service sees text, the disk keeps its encoding and BOM.
import { ENCODINGS } from '@tolk/core/contract'

/** The encodings push_file accepts and pull_file returns (UTF-16 is recognised by its BOM), as the contract lists them. */
export { ENCODINGS }

/** One of ENCODINGS. */
export type Encoding = (typeof ENCODINGS)[number]

/** A file's bytes could not be read as UTF-8 or BOM-marked UTF-16. */
export class EncodingError extends Error {
  override name = 'EncodingError'
}

const BOM = '\uFEFF'

/** The encoding of a file's bytes, by BOM; without one the bytes are taken as UTF-8. */
export function detectEncoding(bytes: Uint8Array): Encoding {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8-bom'
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le'
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be'
  return 'utf-8'
}

/** True when `value` names one of ENCODINGS. */
export function isEncoding(value: unknown): value is Encoding {
  return typeof value === 'string' && (ENCODINGS as readonly string[]).includes(value)
}

/**
 * Decodes bytes losslessly: a BOM stays as the text's first char U+FEFF (the service keeps it there),
 * and bytes that are not valid UTF-8 are refused rather than replaced, so nothing is silently lost.
 */
export function decodeFile(bytes: Uint8Array): { text: string; encoding: Encoding } {
  const encoding = detectEncoding(bytes)
  if (encoding === 'utf-16le' || encoding === 'utf-16be') {
    if (bytes.length % 2 !== 0) throw new EncodingError(`Odd number of bytes (${bytes.length}) for ${encoding}.`)
    const copy = Buffer.from(bytes)
    if (encoding === 'utf-16be') copy.swap16()
    // Code unit by code unit, so even an unpaired surrogate survives the round trip.
    return { text: copy.toString('utf16le'), encoding }
  }
  try {
    return { text: new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes), encoding }
  } catch {
    throw new EncodingError('Not valid UTF-8, and no UTF-16 byte order mark; save the file as UTF-8 or UTF-16 with BOM.')
  }
}

/** Encodes text for the disk; a BOM encoding adds U+FEFF when the text does not already start with it. */
export function encodeFile(text: string, encoding: Encoding): Buffer {
  const needsBom = encoding !== 'utf-8' && !text.startsWith(BOM)
  const full = needsBom ? BOM + text : text
  if (encoding === 'utf-8' || encoding === 'utf-8-bom') return Buffer.from(full, 'utf8')
  const out = Buffer.from(full, 'utf16le')
  if (encoding === 'utf-16be') out.swap16()
  return out
}
