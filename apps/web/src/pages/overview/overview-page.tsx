import type { OutputOf } from '@tolk/core/contract'
import { Link } from 'wouter'
import { useOp } from '../../api/hooks.js'
import { Problem } from '../../components/problem.js'
import { when } from '../../components/when.js'

type LocaleStats = OutputOf<'get_stats'>['projects'][number]['locales'][number]

/** Statuses in the order a bar shows them, best first; missing closes the bar. */
const BAR = ['approved', 'reviewed', 'imported', 'machine', 'needs_review'] as const

/** Overview: coverage per project and locale, open tasks by kind, who holds claims, recent jobs and activity. */
export function OverviewPage() {
  const stats = useOp('get_stats', {})
  const open = useOp('list_tasks', { status: 'open', limit: 200 })
  const claimed = useOp('list_tasks', { status: 'claimed', limit: 200 })
  const jobs = useOp('list_jobs', { limit: 8 })
  const activity = useOp('list_activity', { limit: 10 })
  const byKind = new Map<string, number>()
  for (const t of open.data?.tasks ?? []) byKind.set(t.kind, (byKind.get(t.kind) ?? 0) + 1)
  const holders = new Map<string, number>()
  for (const t of claimed.data?.tasks ?? []) if (t.claimed_by) holders.set(t.claimed_by, (holders.get(t.claimed_by) ?? 0) + 1)

  return (
    <>
      <h1>Overview</h1>
      <Problem error={stats.error} />
      {stats.data ? (
        <p className="counts">
          {stats.data.counts.projects} projects · {stats.data.counts.units} strings · {stats.data.counts.keys} keys · {stats.data.counts.open_tasks} open tasks · source {stats.data.source_locale}
        </p>
      ) : null}
      <section aria-labelledby="coverage">
        <h2 id="coverage">Coverage</h2>
        {stats.data?.projects.length === 0 ? <p>No projects yet: push a file with <code>tolk push</code> or the Files page.</p> : null}
        {stats.data?.projects.map((p) => (
          <div key={p.id} className="card">
            <h3>{p.name} <span className="muted">({p.slug}, {p.units} strings)</span></h3>
            {p.locales.length === 0 ? <p>No target locales.</p> : null}
            <ul className="coverage">
              {p.locales.map((l) => (
                <li key={l.locale}>
                  <Link href={`/strings?q=${encodeURIComponent(`project:${p.slug} locale:${l.locale}`)}`} className="locale">{l.locale}</Link>
                  <CoverageBar stats={l} />
                  <span className="muted">{Math.round(l.percent_translated)}% translated, {Math.round(l.percent_reviewed)}% reviewed</span>
                </li>
              ))}
            </ul>
          </div>
        ))}
        <Legend />
      </section>
      <div className="columns">
        <section aria-labelledby="tasks">
          <h2 id="tasks">Open tasks</h2>
          <Problem error={open.error} />
          {open.data ? (
            <>
              <p>{open.data.total} open. <Link href="/review">Work the review queue</Link></p>
              <ul>{[...byKind].map(([kind, n]) => <li key={kind}><Link href={`/review?kind=${kind}`}>{kind}: {n}</Link></li>)}</ul>
            </>
          ) : null}
          <h3>Claims</h3>
          {holders.size === 0 ? <p>Nobody holds a claim.</p> : <ul>{[...holders].map(([who, n]) => <li key={who}>{who}: {n} task{n === 1 ? '' : 's'}</li>)}</ul>}
        </section>
        <section aria-labelledby="jobs">
          <h2 id="jobs">Recent jobs</h2>
          <Problem error={jobs.error} />
          <ul>{jobs.data?.jobs.map((j) => <li key={j.id}>{j.type} <span className={`status ${j.status}`}>{j.status}</span> <span className="muted">{when(j.created_at)}</span></li>)}</ul>
          <Link href="/jobs">All jobs</Link>
        </section>
        <section aria-labelledby="activity">
          <h2 id="activity">Recent activity</h2>
          <Problem error={activity.error} />
          <ul>{activity.data?.items.map((a) => <li key={a.id}>{a.actor.name} ({a.surface}): {a.summary} <span className="muted">{when(a.at)}</span></li>)}</ul>
        </section>
      </div>
    </>
  )
}

/** One locale's units split by status; the numbers are in the accessible name, not only in colour. */
function CoverageBar({ stats }: { stats: LocaleStats }) {
  const total = Math.max(stats.units, 1)
  const parts = [...BAR.map((s) => ({ name: s, n: stats.statuses[s] })), { name: 'missing', n: stats.missing }]
  const label = parts.filter((p) => p.n > 0).map((p) => `${p.n} ${p.name}`).join(', ') || 'no strings'
  return (
    <span className="bar" role="img" aria-label={`${stats.locale}: ${label}`}>
      {parts.map((p) => (p.n > 0 ? <span key={p.name} className={`seg ${p.name}`} style={{ width: `${(p.n / total) * 100}%` }} title={`${p.n} ${p.name}`} /> : null))}
    </span>
  )
}

function Legend() {
  return (
    <p className="legend" aria-hidden="true">
      {[...BAR, 'missing'].map((s) => <span key={s}><span className={`swatch seg ${s}`} /> {s}</span>)}
    </p>
  )
}
