import { useEffect, useRef, type ReactNode } from 'react'
import { Link, Redirect, Route, Switch, useLocation, useSearch } from 'wouter'
import { useOp, usePrefetch } from './api/hooks.js'
import { Problem } from './components/problem.js'
import { BillingPage } from './pages/billing/billing-page.js'
import { AuditsPage } from './pages/audits/audits-page.js'
import { FilesPage } from './pages/files/files-page.js'
import { GlossaryPage } from './pages/glossary/glossary-page.js'
import { JobsPage } from './pages/jobs/jobs-page.js'
import { KeysPage } from './pages/keys/keys-page.js'
import { MembersPage } from './pages/members/members-page.js'
import { OverviewPage } from './pages/overview/overview-page.js'
import { listInput } from './pages/strings/list-input.js'
import { ReviewPage } from './pages/review/review-page.js'
import { StringsPage } from './pages/strings/strings-page.js'
import { UnitPage } from './pages/unit/unit-page.js'
import { CurrentProvider, useCurrent } from './workspace-choice.js'

/** The pages of the dashboard, in the order the navigation shows them. */
const PAGES = [
  { path: '/', label: 'Overview' },
  { path: '/strings', label: 'Strings' },
  { path: '/review', label: 'Review' },
  { path: '/glossary', label: 'Glossary & rules' },
  { path: '/audits', label: 'Audits' },
  { path: '/jobs', label: 'Jobs' },
  { path: '/files', label: 'Files' },
  { path: '/members', label: 'Members' },
  { path: '/keys', label: 'API keys', admin: true },
  { path: '/billing', label: 'Billing' },
] as const

/** The dashboard: who is signed in and where, then the header with the workspace and navigation, and the page. */
export function App() {
  const [location] = useLocation()
  const workspaces = useOp('list_workspaces', {}, { staleTime: 60_000 })
  if (workspaces.error?.status === 401) {
    // Not signed in (or the session ended): the sign-in page brings the person back here.
    window.location.assign(`/signin?next=${encodeURIComponent(location + window.location.search)}`)
    return null
  }
  if (workspaces.error) return <main id="main"><h1>Tolk</h1><Problem error={workspaces.error} /></main>
  if (!workspaces.data) return <main id="main" aria-busy="true"><p>Loading…</p></main>
  if (workspaces.data.workspaces.length === 0) {
    return <Shell><h1>No workspace yet</h1><p>You are not a member of any workspace. Ask an owner to invite you, or create one from <a href="/account">your account</a>.</p></Shell>
  }
  return (
    <CurrentProvider data={workspaces.data}>
      <Shell>
        <Pages />
      </Shell>
    </CurrentProvider>
  )
}

function Shell({ children }: { children: ReactNode }) {
  const [location] = useLocation()
  const main = useRef<HTMLElement>(null)
  // A client-side page change moves focus to the new page, as a page load would (screen readers announce it).
  useEffect(() => {
    main.current?.focus()
  }, [location])
  return (
    <>
      <a className="skip" href="#main">Skip to content</a>
      <header className="top">
        <span className="brand">Tolk</span>
        <WorkspaceSwitcher />
        <Navigation />
        <form method="post" action="/signout" className="signout">
          <input type="hidden" name="csrf_token" value={csrfValue()} />
          <button type="submit" className="link">Sign out</button>
        </form>
      </header>
      <main id="main" ref={main} tabIndex={-1}>{children}</main>
    </>
  )
}

function WorkspaceSwitcher() {
  let current
  try {
    current = useCurrent()
  } catch {
    return null
  }
  if (current.workspaces.length < 2) return <span className="workspace">{current.name} <span className="muted">({current.role})</span></span>
  return (
    <span className="workspace">
      <label htmlFor="workspace-switch" className="visually-hidden">Workspace</label>
      <select id="workspace-switch" value={current.slug} onChange={(e) => current.switchTo(e.target.value)}>
        {current.workspaces.map((w) => <option key={w.slug} value={w.slug}>{w.name} ({w.role})</option>)}
      </select>
    </span>
  )
}

function Navigation() {
  const [location] = useLocation()
  let role: string | undefined
  try {
    role = useCurrent().role
  } catch {
    return null
  }
  const isAdmin = role === 'owner' || role === 'admin'
  return (
    <nav aria-label="Pages">
      <ul>
        {PAGES.filter((p) => isAdmin || !('admin' in p)).map((p) => (
          <li key={p.path}>
            <Link href={p.path} aria-current={isCurrent(location, p.path) ? 'page' : undefined}>{p.label}</Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}

function Pages() {
  const { slug } = useCurrent()
  // The projects and their locales are what the strings list needs first: load them with the shell, whatever the
  // first page, and then the list's first page in the first target locale (what /strings opens on), so opening the
  // list shows it at once.
  const projects = useOp('list_projects', {}, { staleTime: 60_000 })
  const firstLocale = projects.data?.projects.flatMap((p) => p.target_locales)[0]
  const prefetch = usePrefetch()
  useEffect(() => {
    if (firstLocale) prefetch('list_units', listInput(firstLocale, 0))
  }, [firstLocale, slug])
  return (
    <Switch key={slug}>
      <Route path="/"><FromStripeOr><OverviewPage /></FromStripeOr></Route>
      <Route path="/strings"><StringsPage /></Route>
      <Route path="/strings/:unit">{(p) => <UnitPage unitId={p.unit} />}</Route>
      <Route path="/review"><ReviewPage /></Route>
      <Route path="/glossary"><GlossaryPage /></Route>
      <Route path="/audits"><AuditsPage /></Route>
      <Route path="/audits/:audit">{(p) => <AuditsPage auditId={p.audit} />}</Route>
      <Route path="/jobs"><JobsPage /></Route>
      <Route path="/files"><FilesPage /></Route>
      <Route path="/members"><MembersPage /></Route>
      <Route path="/keys"><KeysPage /></Route>
      <Route path="/billing"><BillingPage /></Route>
      <Route><h1>Not found</h1><p>No page here. <Link href="/">Back to the overview</Link>.</p></Route>
    </Switch>
  )
}

/** Stripe's Checkout and portal send the person back to /?billing=<outcome> (services/billing): on to the Billing page. */
function FromStripeOr({ children }: { children: ReactNode }) {
  const outcome = new URLSearchParams(useSearch()).get('billing')
  return outcome ? <Redirect to={`/billing?billing=${encodeURIComponent(outcome)}`} replace /> : <>{children}</>
}

function isCurrent(location: string, path: string): boolean {
  return path === '/' ? location === '/' : location === path || location.startsWith(`${path}/`)
}

function csrfValue(): string {
  const raw = document.cookie.split('; ').find((c) => c.startsWith('tolk_csrf='))?.slice('tolk_csrf='.length)
  return raw ? decodeURIComponent(raw) : ''
}
