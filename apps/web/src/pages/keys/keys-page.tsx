import { useState } from 'react'
import { useOp, useWrite } from '../../api/hooks.js'
import { Problem } from '../../components/problem.js'
import { when } from '../../components/when.js'
import { useCurrent } from '../../workspace-choice.js'

/** API keys (owner and admin): create one (shown once), see prefixes, revoke. */
export function KeysPage() {
  const { role: myRole, name: workspace } = useCurrent()
  const isAdmin = myRole === 'owner' || myRole === 'admin'
  // A member reaching /keys by its address: say why there is nothing here rather than show the server's 403.
  const keys = useOp('list_api_keys', {}, { enabled: isAdmin })
  const create = useWrite('create_api_key')
  const revoke = useWrite('revoke_api_key')
  const [name, setName] = useState('')
  const [role, setRole] = useState<'member' | 'admin'>('member')
  return (
    <>
      <h1>API keys</h1>
      <p>Keys are for the CLI, MCP clients and CI. A key is shown once, when it is created.</p>
      {isAdmin ? null : <p role="note">Only owners and admins of {workspace} manage API keys; you are a {myRole}. Ask one of them for a key.</p>}
      <Problem error={keys.error} />
      {keys.data ? (
        <>
          <form className="card" onSubmit={(e) => { e.preventDefault(); create.mutate({ name, role }, { onSuccess: () => setName('') }) }}>
            <div className="field"><label htmlFor="key-name">Name of the new key</label><input id="key-name" value={name} onChange={(e) => setName(e.target.value)} required /></div>
            <div className="field"><label htmlFor="key-role">Role (admin keys: owners only)</label><select id="key-role" value={role} onChange={(e) => setRole(e.target.value as 'member' | 'admin')}><option>member</option><option>admin</option></select></div>
            <button type="submit" disabled={create.isPending}>Create key</button>
            <Problem error={create.error} />
            {create.data ? <p role="status">Copy it now, it is not shown again: <code className="secret">{create.data.key}</code></p> : null}
          </form>
          <table className="stack">
            <thead><tr><th scope="col">Name</th><th scope="col">Prefix</th><th scope="col">Role</th><th scope="col">Last used</th><th scope="col"><span className="visually-hidden">Actions</span></th></tr></thead>
            <tbody>
              {keys.data.keys.map((k) => (
                <tr key={k.id}>
                  <td data-label="Name">{k.name}</td><td data-label="Prefix"><code>{k.prefix}</code></td><td data-label="Role">{k.role}</td><td className="muted" data-label="Last used">{k.revoked_at ? `revoked ${when(k.revoked_at)}` : when(k.last_used_at)}</td>
                  <td>{k.revoked_at ? null : <button type="button" onClick={() => { if (confirm(`Revoke ${k.name}? Everything using it stops working.`)) revoke.mutate({ key: k.id }) }}>Revoke {k.name}</button>}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <Problem error={revoke.error} />
        </>
      ) : null}
    </>
  )
}
