import { randomUUID } from 'node:crypto'
import { signUp } from '@tolk/core'
import type { Db } from '@tolk/db'
import { expect } from 'vitest'

/** A person who signed up (and so owns a new workspace), with the password to sign in with. */
export async function newPerson(db: Db, label = 'person'): Promise<{ email: string; password: string; userId: string; workspace: { id: string; slug: string } }> {
  const email = `${label}-${randomUUID().slice(0, 8)}@example.test`
  const password = 'correct horse battery staple'
  const made = await signUp(db, { email, password, workspaceName: `WS ${email}` })
  expect('user' in made, JSON.stringify(made)).toBe(true)
  if (!('user' in made)) throw new Error('sign-up refused')
  return { email, password, userId: made.user.id, workspace: { id: made.workspace.id, slug: made.workspace.slug } }
}
