import { findWorkspaceById, type Db, type Workspace } from '@tolk/db'

const TTL_MS = 30_000
const MAX_ENTRIES = 10_000

/**
 * Workspace rows per API instance: read on most requests, changed rarely. update_workspace evicts the row
 * here at commit and NOTIFYs the other instances (WORKSPACE_CHANGED_CHANNEL); the TTL is the safety net
 * for a missed notice, as for API keys.
 */
export class WorkspaceCache {
  private readonly rows = new Map<string, { row: Workspace; expiresAt: number }>()

  /** The workspace, from the cache or the database. */
  async get(db: Db, id: string): Promise<Workspace | undefined> {
    const hit = this.rows.get(id)
    if (hit && hit.expiresAt > Date.now()) return hit.row
    const row = await findWorkspaceById(db, id)
    if (row && !db.isTransaction) {
      if (this.rows.size >= MAX_ENTRIES) this.rows.clear()
      this.rows.set(id, { row, expiresAt: Date.now() + TTL_MS })
    }
    return row
  }

  /** Forgets one workspace. */
  evict(id: string): void {
    this.rows.delete(id)
  }

  /** Forgets every workspace (after a listener reconnect). */
  clear(): void {
    this.rows.clear()
  }
}
