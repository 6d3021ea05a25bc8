import type { Reporter, TestCase, TestModule } from 'vitest/node'

/**
 * Lists every skipped test with the reason it skipped (a `needs(...)` reason from its test or suite, or the note of
 * `ctx.skip(note)`), on every run; with `failOnSkip` (CI) a skipped test fails the run, since it hides a missing
 * service or a forgotten `.skip`.
 */
export class NoSkipReporter implements Reporter {
  constructor(private readonly options: { failOnSkip: boolean } = { failOnSkip: true }) {}

  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const skipped: string[] = []
    for (const mod of testModules) {
      for (const test of mod.children.allTests()) {
        const state = test.result().state
        if (state === 'skipped' || state === 'pending') skipped.push(`${mod.moduleId} > ${test.fullName}\n      why: ${reasonOf(test)}`)
      }
    }
    if (skipped.length === 0) return
    if (this.options.failOnSkip) {
      console.error(`\nCI=true and ${skipped.length} test(s) were skipped:\n  ${skipped.join('\n  ')}`)
      process.exitCode = 1
    } else {
      console.log(`\n${skipped.length} test(s) skipped:\n  ${skipped.join('\n  ')}`)
    }
  }
}

function reasonOf(test: TestCase): string {
  const result = test.result()
  const note = 'note' in result ? result.note : undefined
  if (note) return note
  for (let at: TestCase | TestCase['parent'] = test; at.type !== 'module'; at = at.parent) {
    const reason = (at.meta() as { skipReason?: string }).skipReason
    if (reason) return reason
  }
  return 'no reason given (a .skip or .todo in the test file, or a -t filter)'
}
