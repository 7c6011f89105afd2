/**
 * `npm test`'s size check: builds the production files into build/production/ (never dist/, which
 * only `npm run build` writes; the end-to-end tests serve this build too) and fails when a file
 * is over its budget (scripts/sizeBudgets.ts), or when the build makes a file no budget covers.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { PRODUCTION_CHECK_BUILD } from './buildFolders';
import { BUDGETS } from './sizeBudgets';

const outdir = PRODUCTION_CHECK_BUILD;
execFileSync(process.execPath, ['--import', 'tsx', 'esbuild.config.ts'], {
  env: { ...process.env, TAG_ENV: 'production', TAG_OUTDIR: outdir },
  stdio: 'inherit',
});

const built = readdirSync(outdir).filter((file) => file.endsWith('.js'));
const problems: string[] = built.filter((file) => !BUDGETS.some((b) => b.file === file)).map((file) => `${file} has no budget`);
for (const { file, budget, goal, what } of BUDGETS) {
  if (!built.includes(file)) {
    problems.push(`${file} was not built`);
    continue;
  }
  const bytes = gzipSync(readFileSync(`${outdir}/${file}`), { level: 9 }).length;
  const toGoal = goal ? `; goal ${goal.bytes} B (issue ${goal.issue})` : '';
  console.log(`${bytes <= budget ? 'ok  ' : 'OVER'} ${file.padEnd(20)} ${String(bytes).padStart(6)} B of ${budget} B${toGoal} — ${what}`);
  if (bytes > budget) problems.push(`${file} is ${bytes} B gzip, over its budget of ${budget} B`);
}
if (problems.length) {
  console.error(problems.join('\n'));
  process.exit(1);
}
