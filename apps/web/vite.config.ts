// Builds the dashboard into dist/, which apps/api serves at /. `pnpm --filter @tolk/web dev` serves it with hot reload
// and proxies the API; in that dev server alone, TOLK_DEV_API_KEY (if set) is added to proxied calls so a developer
// can work before signing in. No built page ever asks for, holds or sends a key: the built app signs in by cookie.
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

const api = process.env.TOLK_DEV_API_URL ?? 'http://127.0.0.1:8787'
const devKey = process.env.TOLK_DEV_API_KEY

export default defineConfig(({ command }) => ({
  plugins: [react()],
  // Bundle the workspace packages from their sources (the placeholder scanner is the server's own).
  resolve: { conditions: ['@tolk/source', 'module', 'browser', 'development|production'] },
  build: { outDir: 'dist', assetsDir: 'assets', target: 'es2022' },
  server: {
    proxy: Object.fromEntries(['/api', '/signin', '/signup', '/signout', '/docs'].map((path) => [path, {
      target: api,
      ...(command === 'serve' && devKey ? { headers: { authorization: `Bearer ${devKey}` } } : {}),
    }])),
  },
}))
