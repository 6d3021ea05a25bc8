import { useState } from 'react'
import { useOp, useWrite } from '../../api/hooks.js'
import { Problem } from '../../components/problem.js'
import { when } from '../../components/when.js'
import { useCurrent } from '../../workspace-choice.js'

const ROLES = ['member', 'admin', 'owner'] as const

/** Members and invitations: everyone sees who is in the workspace; owners and admins invite, change roles, remove. */
export function MembersPage() {
  const { role, caller } = useCurrent()
  const isAdmin = role === 'owner' || role === 'admin'
  const members = useOp('list_members', {})
  const update = useWrite('update_member')
  const remove = useWrite('remove_member')
  return (
    <>
      <h1>Members</h1>
      <Problem error={members.error ?? update.error ?? remove.error} />
      <table className="stack">
        <thead><tr><th scope="col">Person</th><th scope="col">Role</th><th scope="col">Joined</th><th scope="col"><span className="visually-hidden">Actions</span></th></tr></thead>
        <tbody>
          {members.data?.members.map((m) => (
            <tr key={m.user_id}>
              <td data-label="Person">{m.name || m.email} <span className="muted">{m.name ? m.email : ''}</span></td>
              <td data-label="Role">
                {isAdmin ? (
                  <>
                    <label htmlFor={`role-${m.user_id}`} className="visually-hidden">Role of {m.email}</label>
                    <select id={`role-${m.user_id}`} value={m.role} onChange={(e) => update.mutate({ user: m.user_id, role: e.target.value as (typeof ROLES)[number] })}>
                      {ROLES.map((r) => <option key={r}>{r}</option>)}
                    </select>
                  </>
                ) : m.role}
              </td>
              <td className="muted" data-label="Joined">{when(m.joined_at)}</td>
              <td>{isAdmin || m.user_id === caller.id ? <button type="button" onClick={() => { if (confirm(m.user_id === caller.id ? 'Leave this workspace?' : `Remove ${m.email}?`)) remove.mutate({ user: m.user_id }) }}>{m.user_id === caller.id ? 'Leave' : `Remove ${m.email}`}</button> : null}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {isAdmin ? <Invitations /> : null}
    </>
  )
}

function Invitations() {
  const invitations = useOp('list_invitations', {})
  const invite = useWrite('invite_member')
  const revoke = useWrite('revoke_invitation')
  const [email, setEmail] = useState('')
  const [role, setRole] = useState<(typeof ROLES)[number]>('member')
  return (
    <section aria-labelledby="invite-h">
      <h2 id="invite-h">Invitations</h2>
      <form className="card" onSubmit={(e) => { e.preventDefault(); invite.mutate({ email, role }, { onSuccess: () => setEmail('') }) }}>
        <div className="row">
          <div className="field"><label htmlFor="invite-email">E-mail</label><input id="invite-email" type="email" value={email} onChange={(e) => setEmail(e.target.value)} required /></div>
          <div className="field"><label htmlFor="invite-role">Role</label><select id="invite-role" value={role} onChange={(e) => setRole(e.target.value as (typeof ROLES)[number])}>{ROLES.map((r) => <option key={r}>{r}</option>)}</select></div>
        </div>
        <button type="submit" disabled={invite.isPending}>Invite</button>
        <Problem error={invite.error} />
        {invite.data ? (
          <p role="status">
            Invited {invite.data.invitation.email}. {invite.data.mailed ? 'The link was e-mailed.' : 'No mail server is set up: pass this link on yourself:'} <code className="secret">{invite.data.accept_url}</code>
          </p>
        ) : null}
      </form>
      <Problem error={invitations.error ?? revoke.error} />
      <ul>
        {invitations.data?.invitations.filter((i) => !i.revoked_at).map((i) => (
          <li key={i.id}>{i.email} ({i.role}), invited by {i.invited_by}, expires {when(i.expires_at)} <button type="button" onClick={() => revoke.mutate({ invitation: i.id })}>Revoke invitation of {i.email}</button></li>
        ))}
      </ul>
    </section>
  )
}
