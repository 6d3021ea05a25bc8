import { useEffect, useRef } from 'react'
import { Link, Route, Switch, useLocation } from 'wouter'
import { useOp } from './api/hooks.js'
import { Problem } from './components/problem.js'
import { AuditsPage } from './pages/audits/audits-page.js'
import { FilesPage } from './pages/files/files-page.js'
import { GlossaryPage } from './pages/glossary/glossary-page.js'
import { JobsPage } from './pages/jobs/jobs-page.js'
import { KeysPage } from './pages/keys/keys-page.js'
import { OverviewPage } from './pages/overview/overview-page.js'
import { ReviewPage } from './pages/review/review-page.js'
import { StringsPage } from './pages/strings/strings-page.js'
import { UnitPage } from './pages/unit/unit-page.js'

/** The pages of the dashboard, in the order the navigation shows them. */
const PAGES = [
  { path: '/', label: 'Overview' },
  { path: '/strings', label: 'Strings' },
  { path: '/review', label: 'Review' },
  { path: '/glossary', label: 'Glossary & rules' },
  { path: '/audits', label: 'Audits' },
  { path: '/jobs', label: 'Jobs' },
  { path: '/files', label: 'Files' },
  { path: '/keys', label: 'API keys' },
] as const

/** The dashboard: a header with the workspace and navigation, and the page of the current path. */
export function App() {
  const workspace = useOp('get_workspace', {}, { staleTime: 60_000 })
  const [location] = useLocation()
  const main = useRef<HTMLElement>(null)
  // A client-side page change moves focus to the new page, as a page load would (screen readers announce it).
  useEffect(() => {
    main.current?.focus()
  }, [location])

  if (workspace.error?.status === 401) {
    window.location.assign(`/signin?next=${encodeURIComponent(location)}`)
    return null
  }
  return (
    <>
      <a className="skip" href="#main">Skip to content</a>
      <header className="top">
        <span className="brand">Tolk</span>
        <span className="workspace">{workspace.data?.name ?? ''}</span>
        <nav aria-label="Pages">
          <ul>
            {PAGES.map((p) => (
              <li key={p.path}>
                <Link href={p.path} aria-current={isCurrent(location, p.path) ? 'page' : undefined}>{p.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <form method="post" action="/signout" className="signout">
          <input type="hidden" name="csrf_token" value={csrfValue()} />
          <button type="submit" className="link">Sign out</button>
        </form>
      </header>
      <main id="main" ref={main} tabIndex={-1}>
        <Problem error={workspace.error} />
        <Switch>
          <Route path="/"><OverviewPage /></Route>
          <Route path="/strings"><StringsPage /></Route>
          <Route path="/strings/:unit">{(p) => <UnitPage unitId={p.unit} />}</Route>
          <Route path="/review"><ReviewPage /></Route>
          <Route path="/glossary"><GlossaryPage /></Route>
          <Route path="/audits"><AuditsPage /></Route>
          <Route path="/audits/:audit">{(p) => <AuditsPage auditId={p.audit} />}</Route>
          <Route path="/jobs"><JobsPage /></Route>
          <Route path="/files"><FilesPage /></Route>
          <Route path="/keys"><KeysPage /></Route>
          <Route><h1>Not found</h1><p>No page here. <Link href="/">Back to the overview</Link>.</p></Route>
        </Switch>
      </main>
    </>
  )
}

function isCurrent(location: string, path: string): boolean {
  return path === '/' ? location === '/' : location === path || location.startsWith(`${path}/`)
}

function csrfValue(): string {
  const raw = document.cookie.split('; ').find((c) => c.startsWith('tolk_csrf='))?.slice('tolk_csrf='.length)
  return raw ? decodeURIComponent(raw) : ''
}
