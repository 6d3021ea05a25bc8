// A first copy of a .NET resource (docs/formats/resx.md § Not translatable): Visual Studio's localized resx holds only
// what the locale changes, so the copy made from the source file keeps its texts and drops designer data.
import { scanXml } from '../xml/index.js'
import { withoutXmlChildren } from '../source-only.js'
import { isStringData } from './parse.js'

/** The source file without the `<data>` that is not text to translate and without design-time `<metadata>`. */
export function resxFirstCopy(template: string): string {
  const root = scanXml(template).root
  if (!root || root.name !== 'root') return template
  return withoutXmlChildren(template, root, (el) => el.name === 'metadata' || (el.name === 'data' && !isStringData(el)))
}
