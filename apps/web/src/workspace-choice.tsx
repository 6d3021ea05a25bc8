// Which workspace the dashboard acts in: the person's last choice (kept in this browser: a slug, never a credential),
// else the first they belong to. Every op call then names it in X-Service-Workspace.
import type { OutputOf } from '@tolk/core/contract'
import { useQueryClient } from '@tanstack/react-query'
import { createContext, useContext, useState } from 'react'
import { chooseWorkspace } from './api/client.js'

type Workspaces = OutputOf<'list_workspaces'>
const STORAGE_KEY = 'tolk.workspace'

/** The workspace in use and the signed-in caller, for pages that show only what the role allows. */
export interface Current {
  slug: string
  name: string
  role: Workspaces['workspaces'][number]['role']
  caller: Workspaces['caller']
  workspaces: Workspaces['workspaces']
  switchTo(slug: string): void
}

const CurrentContext = createContext<Current | null>(null)

/** The workspace in use; only under CurrentProvider. */
export function useCurrent(): Current {
  const current = useContext(CurrentContext)
  if (!current) throw new Error('useCurrent outside CurrentProvider')
  return current
}

/** Picks the workspace from list_workspaces' answer and provides it to the pages. */
export function CurrentProvider({ data, children }: { data: Workspaces; children: React.ReactNode }) {
  const client = useQueryClient()
  const [slug, setSlug] = useState(() => pick(data))
  const chosen = data.workspaces.find((w) => w.slug === slug) ?? data.workspaces[0]
  if (!chosen) return <>{children}</>
  chooseWorkspace(chosen.slug)
  const switchTo = (next: string) => {
    localStorage.setItem(STORAGE_KEY, next)
    chooseWorkspace(next)
    setSlug(next)
    // Nothing cached from one workspace may show in another.
    client.removeQueries({ predicate: (q) => q.queryKey[0] !== 'list_workspaces' })
  }
  return <CurrentContext.Provider value={{ slug: chosen.slug, name: chosen.name, role: chosen.role, caller: data.caller, workspaces: data.workspaces, switchTo }}>{children}</CurrentContext.Provider>
}

function pick(data: Workspaces): string | undefined {
  const stored = localStorage.getItem(STORAGE_KEY)
  if (stored && data.workspaces.some((w) => w.slug === stored)) return stored
  return data.current ?? data.workspaces[0]?.slug
}
