import * as v from 'valibot'
import { input } from './common.js'
import { defineOp } from './define-op.js'

/** Detect a file's format. */
export const detectFormat = defineOp({
  name: 'detect_format', kind: 'read', admin: false,
  summary: 'Name the format a file would be read as, with confidence and runner-up candidates; stores nothing',
  input: input({
    filename: v.pipe(v.string(), v.minLength(1), v.maxLength(500)),
    content: v.pipe(v.string(), v.maxLength(2_000_000)),
  }),
})

/** The formats Tolk reads. */
export const listFormats = defineOp({
  name: 'list_formats', kind: 'read', admin: false,
  summary: 'List the built-in formats and the workspace learned formats with their status',
  input: input({}),
})
