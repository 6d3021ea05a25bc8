import { useOp } from '../../api/hooks.js'
import { Problem } from '../../components/problem.js'
import { when } from '../../components/when.js'

/** Jobs: recent background jobs with status, progress and errors, refreshed while any runs. */
export function JobsPage() {
  const jobs = useOp('list_jobs', { limit: 50 }, { refetchInterval: (q) => (q.state.data?.jobs.some((j) => j.status === 'queued' || j.status === 'running') ? 1000 : false) })
  return (
    <>
      <h1>Jobs</h1>
      <Problem error={jobs.error} />
      {jobs.data?.jobs.length === 0 ? <p>No jobs yet.</p> : null}
      <table>
        <thead><tr><th scope="col">Type</th><th scope="col">Status</th><th scope="col">Progress</th><th scope="col">Result</th><th scope="col">Created</th></tr></thead>
        <tbody>
          {jobs.data?.jobs.map((j) => {
            const progress = j.progress as { done?: number; total?: number } | null
            return (
              <tr key={j.id}>
                <td>{j.type}</td>
                <td><span className={`status ${j.status}`}>{j.status}</span></td>
                <td>{progress && typeof progress.total === 'number' ? <progress value={progress.done ?? 0} max={progress.total} aria-label={`${j.type} progress`}>{progress.done}/{progress.total}</progress> : null}</td>
                <td>{outputSummary(j.output)}{j.errors?.length ? ` · ${j.errors.length} errors` : ''}</td>
                <td className="muted">{when(j.created_at)}</td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </>
  )
}

/** What a finished job reports, by the fields its type's output has (get_job's output is one schema per job type). */
function outputSummary(output: Record<string, unknown> | null | undefined): string {
  if (!output) return ''
  const parts = [
    typeof output.translated === 'number' ? `${output.translated} translated` : '',
    typeof output.tasks_filed === 'number' && output.tasks_filed > 0 ? `${output.tasks_filed} tasks` : '',
    output.pseudo === true ? 'pseudo' : '',
  ].filter(Boolean)
  return parts.join(' · ')
}
