import type { ProblemError } from '../api/client.js'

/** Shows a failed call as the server explained it (code, detail, the placeholders that differ, the fields to fix). */
export function Problem({ error }: { error: ProblemError | null | undefined }) {
  if (!error) return null
  return (
    <div role="alert" className="problem">
      <strong>{error.code}</strong>: {error.detail}
      {error.extra.mismatch?.length ? <p>Placeholders that differ: {error.extra.mismatch.map((m) => <code key={m} className="token">{m}</code>)}</p> : null}
      {error.extra.issues?.length ? <ul>{error.extra.issues.map((i, n) => <li key={n}>{i.path ? `${i.path}: ` : ''}{i.message}</li>)}</ul> : null}
    </div>
  )
}
