import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ignore from '@balena/dockerignore';
import { type Copy, DockerfileParser } from 'dockerfile-ast';

// Every COPY (and ADD) source of the Dockerfile must be in the build context: present on disk and not
// excluded by .dockerignore, or `docker build` stops there. COPY --from sources come from a stage and
// are not checked. Docker's ignore rules come from @balena/dockerignore (Docker's semantics, the same
// module dockerode uses), the Dockerfile's structure from dockerfile-ast (the Docker language server's
// parser), so line continuations, flags and the JSON form need no hand-written parsing.

interface Problem {
  /** One-based line of the instruction in the Dockerfile. */
  line: number;
  source: string;
  reason: string;
}

/** The problems of every local COPY/ADD source of `dockerfile`, against the build context `context`. */
export function checkDockerfile(context: string, dockerfile = path.join(context, 'Dockerfile')): Problem[] {
  const ignoreFile = path.join(context, '.dockerignore');
  const rules = existsSync(ignoreFile) ? readFileSync(ignoreFile, 'utf8') : '';
  const excluded = ignore({ ignorecase: false }).add(rules);
  const hasExceptions = rules.split('\n').some((rule) => rule.trim().startsWith('!'));
  const problems: Problem[] = [];
  for (const instruction of DockerfileParser.parse(readFileSync(dockerfile, 'utf8')).getInstructions()) {
    const keyword = instruction.getKeyword();
    if (keyword !== 'COPY' && keyword !== 'ADD') continue;
    const copy = instruction as Copy;
    if (copy.getFlags().some((flag) => flag.getName() === 'from')) continue;
    const line = instruction.getRange().start.line + 1;
    for (const source of sourcesOf(copy)) {
      const reason = problemOf(source);
      if (reason) problems.push({ line, source, reason });
    }
  }
  return problems;

  function problemOf(source: string): string | undefined {
    if (/^[a-z][a-z0-9+.-]*:\/\//i.test(source) || source.startsWith('git@')) return undefined; // ADD from a URL
    if (/[*?[$]/.test(source)) return 'wildcards and variables are not checked here: name the path';
    const relative = path.posix.normalize(source.replace(/^\/+/, '')).replace(/\/+$/, '') || '.';
    if (relative === '..' || relative.startsWith('../')) return 'is outside the build context';
    const onDisk = path.join(context, relative);
    if (!existsSync(onDisk)) return 'does not exist in the build context';
    if (relative === '.' || !excluded.ignores(relative)) return undefined;
    // An excluded folder is still sent when an exception ('!rule') brings back a file inside it.
    if (statSync(onDisk).isDirectory() && hasExceptions && sendsAFile(relative)) return undefined;
    return 'is excluded by .dockerignore';
  }

  function sendsAFile(dir: string): boolean {
    return readdirSync(path.join(context, dir), { withFileTypes: true }).some((entry) => {
      const child = path.posix.join(dir, entry.name);
      return entry.isDirectory() ? sendsAFile(child) : !excluded.ignores(child);
    });
  }
}

/** The sources of a COPY/ADD: every argument but the last (the destination); none for a here-document. */
function sourcesOf(copy: Copy): string[] {
  let args: string[];
  if (copy.getOpeningBracket()) {
    const text = copy.getArgumentsContent() ?? '';
    args = JSON.parse(text.slice(text.indexOf('['))) as string[];
  } else {
    args = copy.getArguments().map((argument) => argument.getValue());
  }
  return args.slice(0, -1).filter((source) => !source.startsWith('<<'));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  // [context] [dockerfile]: the repository and its Dockerfile unless named
  const context = path.resolve(process.argv[2] ?? fileURLToPath(new URL('..', import.meta.url)));
  const dockerfile = path.resolve(process.argv[3] ?? path.join(context, 'Dockerfile'));
  const problems = checkDockerfile(context, dockerfile);
  for (const { line, source, reason } of problems)
    console.error(`${path.relative(process.cwd(), dockerfile)}:${line}: COPY source ${source} ${reason}`);
  if (problems.length === 0) console.log('Dockerfile: every COPY source is in the build context');
  process.exitCode = problems.length > 0 ? 1 : 0;
}
