import { fail } from '../errors.js'
import { dismissAction, type TaskActionDef, type TaskKindDef } from './types.js'

/** Until learned formats (issue 16) write their effects here, keep, retire and retry_with_hint refuse clearly. */
const notYet = (action: string): TaskActionDef['run'] => async () =>
  fail('invalid_action', `${action} cannot be applied yet: learned formats are not built in this version. dismiss closes the task; push the file again once they are.`)

/**
 * learn_format, filed by a learn_format job with a draft format for files nobody could read: keep makes it active,
 * retire stops it reading, retry_with_hint runs the job again with the hint, dismiss closes the task.
 */
export const learnFormat = {
  actions: {
    keep: { summary: 'Make the learned format active: it reads the file and every similar file', run: notYet('keep') },
    retire: { summary: 'Retire the learned format: it stops reading files', run: notYet('retire') },
    retry_with_hint: { summary: 'Learn the format again with the hint', needs: ['hint'], run: notYet('retry_with_hint') },
    dismiss: dismissAction,
  },
} satisfies TaskKindDef
