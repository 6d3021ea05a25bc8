import type { Migration } from 'kysely/migration'
import * as m0001 from './2026_11_21_0001_init.js'
import * as m0002 from './2026_11_21_0002_strings.js'
import * as m0003 from './2026_11_22_0003_search.js'
import * as m0004 from './2026_11_22_0004_glossary_rules.js'
import * as m0005 from './2026_11_22_0005_usage.js'
import * as m0006 from './2026_11_22_0006_unit_aliases.js'
import * as m0007 from './2026_11_22_0007_tasks.js'
import * as m0008 from './2026_11_22_0008_search_tables.js'
import * as m0009 from './2026_11_22_0009_snapshot_lz4.js'
import * as m0010 from './2026_11_22_0010_phrase_search.js'
import * as m0011 from './2026_11_23_0011_split_units.js'
import * as m0012 from './2026_11_23_0012_project_locale_map.js'
import * as m0013 from './2026_11_26_0013_review_queue.js'
import * as m0014 from './2026_11_26_0014_audits.js'
import * as m0015 from './2026_11_26_0015_learned_formats.js'
import * as m0016 from './2026_11_26_0016_translate_context.js'
import * as m0017 from './2026_11_26_0017_bounded_search_text.js'
import * as m0018aiwait from './2026_11_27_0018_aiwait_job_available_at.js'
import * as m0018DedupeJudgements from './2026_11_27_0018_dedupe_judgements.js'
import * as m0019 from './2026_11_27_0019_people.js'
import * as m0020oauth from './2026_11_27_0020_oauth.js'
import * as m0021 from './2026_11_27_0021_billing.js'
import * as m0022 from './2026_11_27_0022_webhooks.js'
import * as m0025 from './2026_11_27_0025_snapshot_push_summary.js'
import * as m0026 from './2026_11_28_0026_stats_indexes.js'
import * as m0027 from './2026_11_28_0027_embedded_short_statements.js'
import * as m0028 from './2026_11_28_0028_byte_order_keys.js'

/** Every migration by name, in order. A static map so a bundle needs no folder scan; a test checks it against the folder. */
export const migrations: Record<string, Migration> = {
  '2026_11_21_0001_init': m0001,
  '2026_11_21_0002_strings': m0002,
  '2026_11_22_0003_search': m0003,
  '2026_11_22_0004_glossary_rules': m0004,
  '2026_11_22_0005_usage': m0005,
  '2026_11_22_0006_unit_aliases': m0006,
  '2026_11_22_0007_tasks': m0007,
  '2026_11_22_0008_search_tables': m0008,
  '2026_11_22_0009_snapshot_lz4': m0009,
  '2026_11_22_0010_phrase_search': m0010,
  '2026_11_23_0011_split_units': m0011,
  '2026_11_23_0012_project_locale_map': m0012,
  '2026_11_26_0013_review_queue': m0013,
  '2026_11_26_0014_audits': m0014,
  '2026_11_26_0015_learned_formats': m0015,
  '2026_11_26_0016_translate_context': m0016,
  '2026_11_26_0017_bounded_search_text': m0017,
  '2026_11_27_0018_aiwait_job_available_at': m0018aiwait,
  '2026_11_27_0018_dedupe_judgements': m0018DedupeJudgements,
  '2026_11_27_0019_people': m0019,
  '2026_11_27_0020_oauth': m0020oauth,
  '2026_11_27_0021_billing': m0021,
  '2026_11_27_0022_webhooks': m0022,
  '2026_11_27_0025_snapshot_push_summary': m0025,
  '2026_11_28_0026_stats_indexes': m0026,
  '2026_11_28_0027_embedded_short_statements': m0027,
  '2026_11_28_0028_byte_order_keys': m0028,
}
