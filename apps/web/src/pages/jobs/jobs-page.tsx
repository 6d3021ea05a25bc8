import type { JobOutputOf, OutputOf } from '@tolk/core/contract'
import { useEffect, useRef } from 'react'
import { Link, useSearch } from 'wouter'
import { useOp } from '../../api/hooks.js'
import { Problem } from '../../components/problem.js'
import { when } from '../../components/when.js'

type Job = OutputOf<'get_job'>

const active = (j: Pick<Job, 'status'>) => j.status === 'queued' || j.status === 'running'

/**
 * What a running job has done so far. The heartbeat of each job type reports its own shape (jobs/translate.ts,
 * audit.ts, dedupe-scan.ts); the contract leaves progress unknown, so each known field is read where present.
 */
function progressOf(j: Job): { done: number; total: number; label: string } | { label: string } | null {
  const p = (j.progress ?? null) as Record<string, unknown> | null
  if (!p || !active(j)) return null
  const num = (k: string) => (typeof p[k] === 'number' ? (p[k] as number) : null)
  if (j.type === 'translate' && num('done') !== null && num('total_in_locale') !== null) {
    return { done: num('done')!, total: num('total_in_locale')!, label: `${String(p.locale ?? '')}: ${num('done')} of ${num('total_in_locale')} strings` }
  }
  if (j.type === 'audit' && num('checked') !== null) return { label: `${String(p.phase ?? 'checks')}: ${num('checked')} translations checked` }
  if (j.type === 'dedupe_scan' && num('units_scanned') !== null) return { label: `${num('units_scanned')} strings compared, ${num('pairs_considered') ?? 0} pairs found` }
  return null
}

/** A job's result in a few words, read from the output schema of its type (get_job's typed output). */
function resultOf(j: Job): string {
  if (j.status !== 'succeeded' || !j.output) return ''
  switch (j.type) {
    case 'translate': {
      const o = j.output as JobOutputOf<'translate'>
      return [`${o.translated} translated`, o.failed ? `${o.failed} failed` : '', o.tasks_filed ? `${o.tasks_filed} tasks` : '', o.pseudo ? 'pseudo' : ''].filter(Boolean).join(' · ')
    }
    case 'audit': {
      const o = j.output as JobOutputOf<'audit'>
      return [o.score === null ? 'no score' : `score ${o.score}/100`, `${o.findings} finding${o.findings === 1 ? '' : 's'}`].join(' · ')
    }
    case 'dedupe_scan': {
      const o = j.output as JobOutputOf<'dedupe_scan'>
      return `${o.tasks_filed} merge suggestions`
    }
    case 'learn_format': {
      const o = j.output as JobOutputOf<'learn_format'>
      return o.slug ? `learned ${o.slug}` : 'nothing learned'
    }
  }
}

/** Jobs: recent background jobs with status, progress and result, refreshed while any runs; one job's details below. */
export function JobsPage() {
  const selected = new URLSearchParams(useSearch()).get('job')
  const jobs = useOp('list_jobs', { limit: 50 }, { refetchInterval: (q) => (q.state.data?.jobs.some(active) ? 1000 : false) })
  return (
    <>
      <h1>Jobs</h1>
      <Problem error={jobs.error} />
      {jobs.data?.jobs.length === 0 ? <p>No jobs yet.</p> : null}
      {selected ? <JobDetail id={selected} /> : null}
      <table className="stack">
        <thead><tr><th scope="col">Job</th><th scope="col">Status</th><th scope="col">Progress</th><th scope="col">Result</th><th scope="col">Created</th></tr></thead>
        <tbody>
          {jobs.data?.jobs.map((j) => (
            <tr key={j.id} aria-current={j.id === selected ? 'true' : undefined}>
              <td data-label="Job"><Link href={`/jobs?job=${j.id}`}>{j.type}<span className="visually-hidden"> job of {when(j.created_at)}, details</span></Link></td>
              <td data-label="Status"><span className={`status ${j.status}`}>{j.status}</span></td>
              <td data-label="Progress"><Progress job={j} /></td>
              <td data-label="Result">{resultOf(j)}{j.errors?.length ? ` · ${j.errors.length} errors` : ''}</td>
              <td className="muted" data-label="Created">{when(j.created_at)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  )
}

function Progress({ job }: { job: Job }) {
  const p = progressOf(job)
  if (!p) return null
  if (!('total' in p)) return <span>{p.label}</span>
  return <><progress value={p.done} max={p.total} aria-label={`${job.type} progress`} aria-valuetext={p.label} /> <span>{p.label}</span></>
}

/** One job as get_job shows it: status and progress while it runs, then its type's output, token usage and errors. */
function JobDetail({ id }: { id: string }) {
  const job = useOp('get_job', { job: id }, { refetchInterval: (q) => (q.state.data && active(q.state.data) ? 1000 : false) })
  const heading = useRef<HTMLHeadingElement>(null)
  // Opened from the list: focus moves to the details, as a page load would.
  useEffect(() => {
    heading.current?.focus()
  }, [id, job.data !== undefined])
  const j = job.data
  return (
    <section className="card" aria-labelledby="job-h">
      <h2 id="job-h" ref={heading} tabIndex={-1}>{j ? `${j.type} job` : 'Job'}</h2>
      <Problem error={job.error} />
      {j ? (
        <>
          <dl className="payload">
            <dt>Status</dt><dd><span className={`status ${j.status}`}>{j.status}</span>{j.attempts > 1 ? ` (attempt ${j.attempts})` : ''}</dd>
            {progressOf(j) ? <><dt>Progress</dt><dd><Progress job={j} /></dd></> : null}
            <dt>Created</dt><dd>{when(j.created_at)}</dd>
            {j.finished_at ? <><dt>Finished</dt><dd>{when(j.finished_at)}</dd></> : null}
          </dl>
          {j.status === 'succeeded' && j.output ? <Output job={j} /> : null}
          {j.errors?.length ? (
            <>
              <h3>Errors</h3>
              <ul>{j.errors.map((e, i) => <li key={i}>{errorText(e)}</li>)}</ul>
            </>
          ) : null}
        </>
      ) : null}
      <p><Link href="/jobs">Close the details</Link></p>
    </section>
  )
}

/** The output of a succeeded job, field by field as its type's schema names them, with links to what it filed. */
function Output({ job }: { job: Job }) {
  const rows: [string, string | number][] = []
  let next: { href: string; text: string } | null = null
  switch (job.type) {
    case 'translate': {
      const o = job.output as JobOutputOf<'translate'>
      rows.push(['Translated', o.translated], ['From translation memory', o.from_memory], ['Failed their checks', o.failed], ['With check warnings', o.check_warnings], ['Review tasks filed', o.tasks_filed])
      if (o.plan_limit) rows.push(['Plan limit', o.plan_limit.detail])
      rows.push(['Model', `${o.provider} ${o.model}${o.pseudo ? ' (pseudo: no AI key configured, not a real translation)' : ''}`], ['Tokens in / out', `${o.usage.input_tokens} / ${o.usage.output_tokens}`])
      if (o.tasks_filed) next = { href: '/review?kind=translation_review', text: 'Review the strings that failed' }
      break
    }
    case 'audit': {
      const o = job.output as JobOutputOf<'audit'>
      rows.push(['Score', o.score === null ? 'none (nothing checked)' : `${o.score}/100`], ['Translations checked', o.translations_checked], ['Findings', o.findings], ['Tasks filed', o.tasks_filed], ['AI review', o.ai_ran ? 'ran' : 'did not run'])
      next = { href: `/audits/${o.audit_id}`, text: 'Open the audit' }
      break
    }
    case 'dedupe_scan': {
      const o = job.output as JobOutputOf<'dedupe_scan'>
      rows.push(['Strings compared', o.units_scanned], ['Pairs found', o.pairs_considered], ['Already suggested or decided', o.pairs_known], ['Merge suggestions filed', o.tasks_filed])
      if (o.tasks_filed) next = { href: '/review?kind=merge_suggestion', text: 'Review the merge suggestions' }
      break
    }
    case 'learn_format': {
      const o = job.output as JobOutputOf<'learn_format'>
      rows.push(['Format', o.slug ?? 'none learned'], ['Learned by', o.learned_by ?? '—'], ['Entries read', o.entries_read], ['Note', o.note])
      if (o.format_id) next = { href: '/review?kind=learn_format', text: 'Review the learned format' }
      break
    }
  }
  return (
    <>
      <h3>Result</h3>
      <dl className="payload">{rows.map(([k, val]) => <div key={k}><dt>{k}</dt><dd>{val}</dd></div>)}</dl>
      {next ? <p><Link href={next.href}>{next.text}</Link></p> : null}
    </>
  )
}

function errorText(e: unknown): string {
  if (!e || typeof e !== 'object') return String(e)
  const o = e as Record<string, unknown>
  return [o.unit_id ? `${String(o.unit_id)}${o.locale ? ` (${String(o.locale)})` : ''}: ` : '', String(o.reason ?? JSON.stringify(o)), o.fix ? ` ${String(o.fix)}` : ''].join('')
}
