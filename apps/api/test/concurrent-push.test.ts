// Concurrent first pushes (issue 18): twenty clients pushing the same new file pattern at once all succeed, and the
// project ends with one file and one key per name.
import { expect, test } from 'vitest'
import { forEachBackend } from './harness.js'

const CLIENTS = 20
const ROUNDS = 3

forEachBackend('concurrent first pushes', (env) => {
  test(`${CLIENTS} first pushes of one pattern at once never answer 5xx (${ROUNDS} rounds)`, async () => {
    const ws = await env.workspace()
    for (let round = 0; round < ROUNDS; round++) {
      const slug = `app-${round}`
      expect((await ws.call('create_project', { name: `App ${round}`, slug, target_locales: ['de'], auto_translate: false })).status).toBe(200)
      // Some clients send the source, some a translation of it, some the source with one more key: each is a first push
      // of the same pattern for whichever lands first.
      const pushes = Array.from({ length: CLIENTS }, (_, i) => {
        const extra = i % 3 === 2 ? `, "extra": "Extra ${round}"` : ''
        return i % 3 === 1
          ? ws.call('push_file', { project: slug, path: 'locales/de.json', locale: 'de', content: `{"hello": "Hallo ${round}", "bye": "Tschüss"}` })
          : ws.call('push_file', { project: slug, path: 'locales/en.json', content: `{"hello": "Hello ${round}", "bye": "Bye"${extra}}` })
      })
      const answers = await Promise.all(pushes)
      const statuses = answers.map((a) => a.status)
      expect(statuses.filter((s) => s >= 500), JSON.stringify(answers.find((a) => a.status >= 500)?.body)).toEqual([])
      // A translation pushed before its source may be told so (4xx); every source push succeeds.
      expect(answers.filter((_, i) => i % 3 !== 1).every((a) => a.status === 200)).toBe(true)
      const files = (await ws.call('list_files', { project: slug })).body.files
      expect(files.map((f: { pattern: string }) => f.pattern)).toEqual(['locales/{locale}.json'])
      const units = (await ws.call('list_units', { project: slug, locale: 'de', limit: 200 })).body.units
      const names = units.flatMap((u: { keys: { name: string }[] }) => u.keys.map((k) => k.name)).sort()
      expect(new Set(names).size).toBe(names.length)
    }
  })
})
