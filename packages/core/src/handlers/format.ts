import { detectFormat, listFormats } from '@tolk/formats'
import type * as c from '../contract/format.js'
import type { Handler } from './types.js'

export const formatHandlers = {
  detect_format: (async (_ctx, input) => detectFormat(input.filename, input.content)) satisfies Handler<typeof c.detectFormat>,

  list_formats: (async () => ({
    formats: listFormats().map((f) => ({ id: f.id, name: f.name, extensions: [...f.extensions], multi_locale: f.multiLocale, kind: 'built_in' as const, status: 'active' as const })),
    learned: [],
  })) satisfies Handler<typeof c.listFormats>,
}
