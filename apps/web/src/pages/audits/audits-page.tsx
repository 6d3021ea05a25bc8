import { useState } from 'react'
import { Link, useLocation } from 'wouter'
import { useOp, useWrite } from '../../api/hooks.js'
import { Problem } from '../../components/problem.js'
import { when } from '../../components/when.js'

/** Audits: run one on a locale, read past audits, open one for its answer, score and findings, jump to their tasks. */
export function AuditsPage({ auditId }: { auditId?: string }) {
  const [locale, setLocale] = useState('')
  const [question, setQuestion] = useState('')
  const [, navigate] = useLocation()
  const run = useWrite('run_audit')
  const audits = useOp('list_audits', { limit: 20 }, { refetchInterval: (q) => (q.state.data?.audits.some((a) => a.status === 'queued' || a.status === 'running') ? 1000 : false) })
  return (
    <>
      <h1>Audits</h1>
      <form className="card" onSubmit={(e) => { e.preventDefault(); run.mutate({ locale, ...(question ? { question } : {}) }, { onSuccess: (out) => navigate(`/audits/${out.audit_id}`) }) }}>
        <h2>Run an audit</h2>
        <div className="field"><label htmlFor="audit-locale">Locale</label><input id="audit-locale" value={locale} onChange={(e) => setLocale(e.target.value)} required minLength={2} maxLength={35} /></div>
        <div className="field"><label htmlFor="audit-question">Question (optional)</label><input id="audit-question" value={question} onChange={(e) => setQuestion(e.target.value)} /></div>
        <button type="submit" disabled={run.isPending}>Run audit</button>
        <Problem error={run.error} />
      </form>
      {auditId ? <AuditView auditId={auditId} /> : null}
      <section aria-labelledby="past">
        <h2 id="past">Past audits</h2>
        <Problem error={audits.error} />
        <ul>{audits.data?.audits.map((a) => <li key={a.id}><Link href={`/audits/${a.id}`}>{a.locale}: {a.question || 'audit'}</Link> <span className={`status ${a.status}`}>{a.status}</span> {a.score !== null ? `score ${a.score}` : ''} <span className="muted">{when(a.created_at)}</span></li>)}</ul>
      </section>
    </>
  )
}

function AuditView({ auditId }: { auditId: string }) {
  const audit = useOp('get_audit', { audit: auditId, limit: 50 }, { refetchInterval: (q) => (q.state.data && (q.state.data.status === 'queued' || q.state.data.status === 'running') ? 500 : false) })
  const a = audit.data
  return (
    <section aria-labelledby="audit-h" className="card">
      <h2 id="audit-h">Audit of {a?.locale ?? '…'}</h2>
      <Problem error={audit.error} />
      {a ? (
        <>
          <p role="status">Status: <span className={`status ${a.status}`}>{a.status}</span>{a.score !== null ? <> · Score <strong>{a.score}</strong>/100</> : null}{a.translations_checked !== null ? ` · ${a.translations_checked} translations checked` : ''}</p>
          {a.answer ? <p>{a.answer}</p> : null}
          {a.summary ? <p className="muted">{a.summary}</p> : null}
          {a.findings_total > 0 ? <h3>Findings ({a.findings_total})</h3> : null}
          <ul>
            {a.findings.map((f, i) => (
              <li key={i}>
                <strong>{f.check}</strong> ({f.severity}): {f.message}{f.fix ? <> → <span lang={a.locale}>{f.fix.text}</span></> : null}{' '}
                <Link href={`/review?kind=audit_finding&check=${encodeURIComponent(f.check)}&locale=${encodeURIComponent(a.locale)}`}>Open its task</Link>{' · '}
                <Link href={`/strings/${f.unit_id}?locale=${encodeURIComponent(a.locale)}`}>string</Link>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  )
}
