// `npm run synth`'s last step: cfn-lint over every template each stage synthesized (nested ones too). Warnings are
// printed; an error fails the run. cfn-lint's exit code is a bit mask: 2 errors, 4 warnings, 8 informational.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

const CFN_LINT_ERRORS = 2;

const directories = process.argv.slice(2);
const templates = directories.flatMap((directory) =>
  readdirSync(directory)
    .filter((file) => file.endsWith('.template.json'))
    .map((file) => path.join(directory, file)),
);
if (templates.length === 0) {
  console.error(`No templates in ${directories.join(', ')}: synthesize first (npm run synth).`);
  process.exit(1);
}
const lint = spawnSync('cfn-lint', ['--format', 'parseable', ...templates], { encoding: 'utf8' });
if (lint.error) {
  console.error(`cfn-lint could not run (${lint.error.message}): install it with pipx install cfn-lint.`);
  process.exit(1);
}
const findings = lint.stdout.trim().split('\n').filter(Boolean);
for (const finding of findings) console.log(finding);
process.stderr.write(lint.stderr);
const errors = findings.filter((finding) => /:E\d+:/.test(finding)).length;
console.log(`cfn-lint: ${templates.length} templates, ${errors} errors, ${findings.length - errors} warnings or notes.`);
if ((lint.status ?? 1) & CFN_LINT_ERRORS || errors > 0 || lint.status === 1) process.exit(1);
