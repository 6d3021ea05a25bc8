/** XLIFF 1.2 and 2.0: bilingual XML; see docs/formats/xliff.md. */
import type { FormatModule } from '../format.js'
import { detectXliff } from './detect.js'
import { parseXliff } from './parse.js'
import { renderXliff } from './render.js'

/** The XLIFF format module (1.2 and 2.0, read and written in the version of the template; clean files are 1.2). */
export const xliffFormat: FormatModule = {
  id: 'xliff',
  name: 'XLIFF 1.2 / 2.0',
  extensions: ['.xlf', '.xliff'],
  multiLocale: false,
  detect: detectXliff,
  parse: parseXliff,
  render: renderXliff,
}
