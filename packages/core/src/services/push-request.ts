// What a push carries and reports, in its own module so push.ts and the import services it calls do not import each other.
import type { Project } from '@tolk/db'
import type { ENCODINGS } from '../contract/file.js'
import type { Codec } from './codec.js'
import type { KeyCounts } from './push-keys.js'

/** What push_file reports (spec § push_file output). */
export interface PushCounts extends KeyCounts {
  translations_imported: number
  translations_unchanged: number
  translations_skipped: number
  skipped: Record<string, number>
  /** For each reason in `skipped`, the first MAX_SKIPPED_KEYS keys it skipped (push_file's skipped_keys). */
  skipped_keys: Record<string, string[]>
  /** Keys moved onto their own unit because their translation differed from one another file or a person gave. */
  keys_split: number
  /** merge_review tasks filed for those splits and for units keys with different contexts share (one per unit). */
  tasks_filed: number
  /** Imported translations the quality checks flag. */
  check_warnings: number
}

/** A validated push. */
export interface PushRequest {
  project: Project
  sourceLocale: string
  path: string
  content: string
  locale: string
  /** The format the file is read as (built in or learned). */
  codec: Codec
  encoding: (typeof ENCODINGS)[number]
  overwrite: boolean
  /** The source file a translation belongs to (push_file `source`). */
  source?: string | undefined
}
