import type { OutputOf } from '@tolk/core/contract'
import { useState } from 'react'
import { call, type ProblemError } from '../../api/client.js'
import { useOp, useWrite } from '../../api/hooks.js'
import { Problem } from '../../components/problem.js'

type Pushed = OutputOf<'push_file'>

/** Files: push a file (upload; its counts and warnings shown) and pull any file in any locale (download). */
export function FilesPage() {
  const projects = useOp('list_projects', {})
  const [chosen, setChosen] = useState('')
  const project = chosen || projects.data?.projects[0]?.slug || ''
  const files = useOp('list_files', { project: project || '-' }, { enabled: Boolean(project) })
  const targets = projects.data?.projects.find((p) => p.slug === project)?.target_locales ?? []
  return (
    <>
      <h1>Files</h1>
      <Problem error={projects.error} />
      {projects.data?.projects.length === 0 ? <p>No project yet: create one with the CLI (<code>tolk init</code>) or the API.</p> : null}
      {projects.data?.projects.length ? (
        <div className="field">
          <label htmlFor="project">Project</label>
          <select id="project" value={project} onChange={(e) => setChosen(e.target.value)}>
            {projects.data.projects.map((p) => <option key={p.id} value={p.slug}>{p.name}</option>)}
          </select>
        </div>
      ) : null}
      {project ? <Push project={project} /> : null}
      <Problem error={files.error} />
      <section aria-labelledby="files-h">
        <h2 id="files-h">Files of {project}</h2>
        <ul className="files">{files.data?.files.map((f) => <li key={f.id}><Pull project={project} pattern={f.pattern} format={f.format} locales={[...new Set([...f.locales, ...targets])]} /></li>)}</ul>
      </section>
    </>
  )
}

function Push({ project }: { project: string }) {
  const push = useWrite('push_file')
  const [path, setPath] = useState('')
  const [file, setFile] = useState<File | null>(null)
  return (
    <form className="card" onSubmit={async (e) => {
      e.preventDefault()
      if (file) push.mutate({ project, path: path || file.name, content: await file.text() })
    }}>
      <h2>Push a file</h2>
      <div className="field"><label htmlFor="push-file">File</label><input id="push-file" type="file" onChange={(e) => setFile(e.target.files?.[0] ?? null)} required /></div>
      <div className="field"><label htmlFor="push-path">Path in the repository (e.g. locales/en.json; default the file name)</label><input id="push-path" value={path} onChange={(e) => setPath(e.target.value)} /></div>
      <button type="submit" disabled={push.isPending}>Push</button>
      <Problem error={push.error} />
      {push.data ? <PushResult out={push.data} /> : null}
    </form>
  )
}

function PushResult({ out }: { out: Pushed }) {
  return (
    <div role="status" className="pushed">
      <p>Pushed {out.file.pattern} ({out.file.format}, {out.file.locale}).</p>
      {/* Only what the push did: a list of zeros hides the one count that matters. */}
      <ul>{Object.entries(out.counts).filter(([, n]) => typeof n === 'number' && n > 0).map(([k, n]) => <li key={k}>{k.replaceAll('_', ' ')}: {n as number}</li>)}</ul>
      {Object.entries(out.counts.skipped).length ? <p>Skipped: {Object.entries(out.counts.skipped).map(([why, n]) => `${n} ${why.replaceAll('_', ' ')}`).join(', ')}</p> : null}
      {out.job_ids.length ? <p>{out.job_ids.length} translation job(s) queued.</p> : null}
      {out.warnings.length ? <ul className="warnings">{out.warnings.map((w, i) => <li key={i}>Line {w.line}, column {w.column}: {w.message}</li>)}</ul> : null}
    </div>
  )
}

function Pull({ project, pattern, format, locales }: { project: string; pattern: string; format: string; locales: string[] }) {
  const [locale, setLocale] = useState(locales[0] ?? '')
  const [error, setError] = useState<ProblemError | null>(null)
  const id = `pull-${pattern.replace(/[^a-z0-9]/gi, '-')}`
  const download = async () => {
    setError(null)
    try {
      const out = await call('pull_file', { project, path: pattern, locale })
      const url = URL.createObjectURL(new Blob([out.content], { type: 'application/octet-stream' }))
      const a = document.createElement('a')
      a.href = url
      a.download = out.path.split('/').pop() ?? 'file'
      a.click()
      URL.revokeObjectURL(url)
    } catch (e) {
      setError(e as ProblemError)
    }
  }
  return (
    <div className="pull">
      <code>{pattern}</code> <span className="muted">{format}</span>{' '}
      <label htmlFor={id} className="visually-hidden">Locale to pull of {pattern}</label>
      <select id={id} value={locale} onChange={(e) => setLocale(e.target.value)}>{locales.map((l) => <option key={l}>{l}</option>)}</select>
      <button type="button" onClick={() => void download()}>Download<span className="visually-hidden"> {pattern} in {locale}</span></button>
      <Problem error={error} />
    </div>
  )
}
