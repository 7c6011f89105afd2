/**
 * The end-to-end files in an order that lets the workers finish together: the longest first.
 * vitest orders by the durations of the last run it cached, but a fresh clone (CI) has no cache
 * and vitest then starts the largest files first, which puts the reliability file (short, and
 * about a minute of waiting on its collector) near the end. The longest files, measured
 * (`npx vitest run --config vitest.e2e.config.ts --no-file-parallelism`), go first in this order;
 * the others follow in vitest's.
 */
import { basename } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const LONGEST = ['demoPages', 'demoSite', 'reliability', 'privacy', 'scroll', 'faults.content', 'faults.page', 'faults'];

const rank = (file: TestSpecification) => {
  const at = LONGEST.indexOf(basename(file.moduleId, '.e2e.ts'));
  return at < 0 ? LONGEST.length : at;
};

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}
