import type { Reporter, TestModule } from 'vitest/node'

/** Fails a CI run that skipped any test: a skipped test hides a missing service or a forgotten `.skip`. */
export class NoSkipReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const skipped: string[] = []
    for (const mod of testModules) {
      for (const test of mod.children.allTests()) {
        const state = test.result().state
        if (state === 'skipped' || state === 'pending') skipped.push(`${mod.moduleId} > ${test.fullName}`)
      }
    }
    if (skipped.length > 0) {
      console.error(`\nCI=true and ${skipped.length} test(s) were skipped:\n  ${skipped.join('\n  ')}`)
      process.exitCode = 1
    }
  }
}
