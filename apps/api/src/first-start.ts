import type { Bootstrapped } from '@tolk/core'

/** What the first start prints: the owner key (once), and how the owner account signs in. */
export function firstStartMessage(boot: Bootstrapped, publicUrl: string): string {
  const lines = ['Created the Default workspace.', `API key: ${boot.apiKey}`, '(shown once; keep it)']
  if (boot.owner?.signInToken) {
    lines.push(`Owner account: ${boot.owner.email} (no password yet)`, `Sign-in link: ${publicUrl}/reset/${boot.owner.signInToken}`, '(one-time, valid 24 hours: it lets you choose a password)')
  } else if (boot.owner) {
    lines.push(`Owner account: ${boot.owner.email} (sign in at ${publicUrl}/signin)`)
  }
  return lines.join('\n')
}
