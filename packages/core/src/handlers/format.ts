import { detectFormat, listFormats } from '@tolk/formats'
import type * as c from '../contract/format.js'
import type { Handler } from './types.js'

export const formatHandlers = {
  detect_format: (async (_ctx, input) => detectFormat(input.filename, input.content)) satisfies Handler<typeof c.detectFormat>,

  list_formats: (async () => ({
    formats: listFormats().map((f) => ({ ...f, kind: 'built_in', status: 'active' })),
    learned: [],
  })) satisfies Handler<typeof c.listFormats>,
}
