// The unit type model.ts reads and xcode-plural.ts groups, in its own module so neither imports the other.
import type { PluralCategory } from '../format.js'
import type { XmlElement } from '../xml/index.js'
import type { IcuPlural } from './icu-plural.js'
import type { TextLayout } from './layout.js'

/** One translatable string of the document: a 1.2 trans-unit, or one segment of a 2.0 unit. */
export interface XliffUnit {
  key: string
  context?: string
  /** `<trans-unit>` (1.2) or `<unit>` (2.0). */
  unit: XmlElement
  /** `<segment>` (2.0 only): holds `state`. */
  segment?: XmlElement
  source?: XmlElement
  target?: XmlElement
  /** Where a new `<target>` goes after: `<seg-source>` or `<source>`. */
  anchor?: XmlElement
  file: XmlElement
  /** The target's text, without its layout (see layout.ts). */
  value: string
  sourceText: string
  /** Line breaks and indentation around the target's and the source's text, when they have them as layout. */
  layout?: TextLayout
  sourceLayout?: TextLayout
  comment?: string
  meta: Record<string, unknown>
  /** `state` as written (on the 1.2 target or the 2.0 segment). */
  state?: string
  /** The target as plural forms, when it is one ICU plural message. */
  plural?: IcuPlural
  sourcePlural?: IcuPlural
  /** For an Xcode plural group (see xcode-plural.ts): the trans-unit of each form. */
  forms?: Map<PluralCategory, XliffUnit>
}
