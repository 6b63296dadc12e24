#!/usr/bin/env bash
# Checks the container setup on a machine without Docker: docker-compose.yml validates, every COPY
# source of the Dockerfile is in the build context, and the Dockerfile's production layout works — the
# apps compiled and deployed by the Dockerfile's own RUN lines, started with its CMD on free ports
# against a real PostgreSQL and Redis, answer their probes and a PDF upload, run the images' HEALTHCHECK
# commands, hold no dev tooling, no compiler and no tests, pass the backup drill (a declaration of
# settlement issued, pg_dump, the database dropped and restored with pg_restore, the declaration found
# again byte for byte) and stop on SIGTERM in time. Needs Debian's postgresql package (and redis-server).
# Leaves nothing behind.
cd "$(dirname "$0")/.."
source scripts/steps.sh

# --- the compose file -------------------------------------------------------------------------------
# Offline (`config` needs no engine), each way the files are meant to be run, in a clean environment
# with the example env files (a developer's own .env changes nothing): the demo starts the simulator,
# production does not and refuses to interpolate without UPSTREAM_URL, the KEY_SECRET file or
# PostgreSQL's password.
if command -v docker-compose >/dev/null 2>&1; then
  no_env=$(mktemp "${TMPDIR:-/tmp}/check-deploy-env.XXXXXX")
  trap 'rm -f "$no_env"' EXIT
  # compose ENV_FILE VAR=value… -- ARGS…: docker-compose with only these variables
  compose() {
    local env_file=$1 vars=()
    shift
    while [[ $1 != -- ]]; do vars+=("$1"); shift; done
    shift
    env -i PATH="$PATH" "${vars[@]}" docker-compose --env-file "$env_file" "$@"
  }
  prod=(-f docker-compose.yml -f docker-compose.prod.yml)
  upstream=UPSTREAM_URL=https://creditor.invalid
  secret=KEY_SECRET_FILE=/etc/portal/key_secret
  password=POSTGRES_PASSWORD=0123456789abcdef0123456789abcdef

  compose .env.demo.example -- config -q || fail "compose: the demo (.env.demo.example) is invalid"
  # (`config --services` lists every service whatever the profile; deploy-defaults.test.ts checks the stub's)
  profiles=$(compose .env.demo.example -- config --profiles | tr '\n' ' ')
  [[ $profiles == "demo " ]] || fail "compose: the only profile should be demo, not '$profiles'"
  step "compose: the demo is valid (.env.demo.example, the simulator under profile demo)"

  # .env.example names both files in COMPOSE_FILE: with its blanks filled in, it is production
  compose .env.example "$upstream" "$password" -- config -q || fail "compose: production (.env.example) is invalid"
  compose "$no_env" "$upstream" "$secret" "$password" -- "${prod[@]}" config -q || fail "compose: the production files are invalid"
  step "compose: production is valid (docker-compose.prod.yml on top, as .env.example's COMPOSE_FILE says)"

  refused() { # what's missing, then compose's arguments: config must fail, naming it
    local missing=$1 out
    shift
    if out=$(compose "$@" config -q 2>&1); then fail "compose: production starts without $missing"; fi
    [[ $out == *"$missing"* ]] || fail "compose: production without $missing fails for another reason: $out"
  }
  refused UPSTREAM_URL .env.example "$password" --
  refused UPSTREAM_URL "$no_env" "$secret" "$password" -- "${prod[@]}"
  refused KEY_SECRET_FILE "$no_env" "$upstream" "$password" -- "${prod[@]}"
  refused POSTGRES_PASSWORD .env.example "$upstream" --
  refused POSTGRES_PASSWORD "$no_env" "$upstream" "$secret" -- "${prod[@]}"
  rm -f "$no_env"
  step "compose: production refuses to start without UPSTREAM_URL, KEY_SECRET_FILE or POSTGRES_PASSWORD ($(docker-compose version --short))"
else
  step "compose: skipped (docker-compose is not installed; Debian: apt-get install docker-compose)"
fi

# --- the Dockerfile ---------------------------------------------------------------------------------
node --import tsx scripts/check-dockerfile.ts >/dev/null || fail "a COPY source of the Dockerfile is not in the build context"
step "dockerfile: every COPY source is in the build context (.dockerignore applied)"

# --- the production layout --------------------------------------------------------------------------
work=$(mktemp -d "${TMPDIR:-/tmp}/check-deploy.XXXXXX")
pids=()
pg_dir=
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  if [[ -n $pg_dir ]]; then
    [[ -f $pg_dir/data/postmaster.pid ]] && as_postgres "$pg_bin/pg_ctl" -D "$pg_dir/data" -m immediate -w stop >/dev/null 2>&1
    rm -rf "$pg_dir"
  fi
  rm -rf "$work"
}
trap cleanup EXIT

# The build stage's RUN lines that name @portal/bff (compile, then deploy and prune), continuation lines
# joined, run as written with /deploy moved into $work: the folders are the images' /app.
dockerfile_runs() {
  awk '{ line = line $0 } /\\$/ { sub(/\\$/, "", line); next } { print line; line = "" }' Dockerfile |
    sed -nE 's/^RUN[[:space:]]+(.*@portal\/bff.*)$/\1/p'
}
mapfile -t runs < <(dockerfile_runs)
((${#runs[@]} == 2)) || fail "expected the Dockerfile's build and deploy RUN lines for @portal/bff, found ${#runs[@]}"
for run in "${runs[@]}"; do
  if ! bash -euo pipefail -c "${run//\/deploy/$work}" >"$work/run.log" 2>&1; then
    cat "$work/run.log" >&2
    fail "the Dockerfile's RUN ${run:0:60}…"
  fi
done
step "build: dist/server.js; deploy: bff ($(du -sh "$work/bff" | cut -f1)) and stub ($(du -sh "$work/stub" | cut -f1))"

# No devDependency of the app is installed, no compiler, bundler or test runner is anywhere in the
# folder (typescript included: the Dockerfile prunes it as @trpc/server's unused peer), no file is a
# test, no bundled module comes from test code (the test kit, a test folder, vitest), dist/server.js is
# there and no build script was skipped.
inspect() {
  node - "$1" <<'EOF'
const fs = require('node:fs');
const path = require('node:path');
const dir = process.argv[2];
const store = path.join(dir, 'node_modules/.pnpm');
const entries = fs.readdirSync(store).filter((e) => e !== 'node_modules' && e !== 'lock.yaml');
const nameOf = (entry) => {
  const scoped = entry.startsWith('@');
  const flat = scoped ? entry.replace('+', '/') : entry;
  return flat.slice(0, flat.indexOf('@', scoped ? 1 : 0));
};
const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
const prod = new Set(Object.keys(pkg.dependencies ?? {}));
const dev = new Set(Object.keys(pkg.devDependencies ?? {}));
const tooling = /^(typescript|tsx|esbuild|@esbuild\/.*|vite|vitest|@vitest\/.*|rolldown|@rolldown\/.*|@types\/.*|@biomejs\/.*|@playwright\/.*|playwright|supertest)$/;
const problems = [];
for (const n of dev) {
  if (!prod.has(n) && fs.existsSync(path.join(dir, 'node_modules', n))) problems.push(`${n} is linked at the top`);
}
for (const e of entries) {
  const n = nameOf(e);
  if (tooling.test(n) || (dev.has(n) && !prod.has(n))) problems.push(`${e} is installed`);
}
for (const n of ['typescript', 'tsx', 'esbuild', 'vite', 'vitest'])
  if (fs.existsSync(path.join(store, 'node_modules', n))) problems.push(`node_modules/.pnpm/node_modules/${n} is linked`);
const files = fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((f) => f.isFile());
const tests = files.filter((f) => /\.test\./.test(f.name)).map((f) => path.relative(dir, path.join(f.parentPath ?? f.path, f.name)));
if (tests.length) problems.push(`${tests.length} test files, e.g. ${tests.slice(0, 3).join(', ')}`);
// esbuild heads each bundled module with its path (`// ../../packages/test-kit/src/harness.ts`).
const testCode = /^\/\/ .*(packages\/test-kit\/|\/(tests?|testing)\/|\.test\.|node_modules\/(vitest|@vitest|fast-check|supertest)\/)/m;
for (const f of files.filter((f) => /\.m?js$/.test(f.name) && !(f.parentPath ?? f.path).includes('node_modules'))) {
  const file = path.join(f.parentPath ?? f.path, f.name);
  const match = testCode.exec(fs.readFileSync(file, 'utf8'));
  if (match) problems.push(`${path.relative(dir, file)} bundles test code: ${match[0]}`);
}
if (!fs.existsSync(path.join(dir, 'dist/server.js'))) problems.push('dist/server.js is missing');
if (fs.existsSync(path.join(dir, 'src'))) problems.push('src/ is deployed (package.json "files" should be ["dist"])');
const modules = JSON.parse(fs.readFileSync(path.join(dir, 'node_modules/.modules.yaml'), 'utf8'));
if ((modules.ignoredBuilds ?? []).length) problems.push(`build scripts skipped: ${modules.ignoredBuilds}`);
console.log(`${entries.length} packages, ${files.length} files`);
if (problems.length) {
  console.error(`dev tooling in ${dir}:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
EOF
}
for app in bff stub; do
  summary=$(inspect "$work/$app") || fail "the $app deployment holds development packages"
  step "packages: $app has no devDependency, compiler or test — $summary"
done

# The image's layout: the SPA beside the BFF's files, WEB_DIST pointing at it.
spa=no
if [[ -f apps/web/dist/index.html ]]; then
  cp -r apps/web/dist "$work/bff/web"
  spa=yes
fi

free_port() {
  node -e "const s = require('node:net').createServer().listen(0, '127.0.0.1', () => { console.log(s.address().port); s.close(); })"
}
# status URL → the HTTP status, or 000 when nothing answers
status() {
  node -e "fetch(process.argv[1], { signal: AbortSignal.timeout(3000) }).then((r) => console.log(r.status), () => console.log('000'))" "$1"
}
# wait_for URL SECONDS: until the URL answers 200
wait_for() {
  local deadline=$((SECONDS + $2)) code
  while :; do
    code=$(status "$1")
    [[ $code == 200 ]] && return 0
    ((SECONDS < deadline)) || { echo "$code"; return 1; }
    sleep 0.3
  done
}
# The images' HEALTHCHECK commands, taken from the Dockerfile (the line after `HEALTHCHECK` in a stage).
healthcheck_cmd() {
  awk -v stage="$1" '$1 == "FROM" { current = $4 } current == stage && grab { print; exit }
    current == stage && $1 == "HEALTHCHECK" { grab = 1 }' Dockerfile | sed -E 's/^[[:space:]]*CMD[[:space:]]+//'
}
run_healthcheck() { # stage, env…
  local json
  json=$(healthcheck_cmd "$1")
  [[ -n $json ]] || fail "no HEALTHCHECK in the Dockerfile's $1 stage"
  shift
  env -i PATH="$PATH" "$@" node -e '
    const [cmd, ...args] = JSON.parse(process.argv[1]);
    const r = require("node:child_process").spawnSync(cmd, args, { stdio: "inherit" });
    process.exit(r.status ?? 1);' "$json"
}

# The images' CMD (a JSON array at the start of a line in the stage), one word a line.
image_cmd() {
  awk -v stage="$1" '$1 == "FROM" { current = $4 } current == stage && /^CMD[[:space:]]/ { sub(/^CMD[[:space:]]+/, ""); print; exit }' Dockerfile |
    node -e 'for (const word of JSON.parse(require("node:fs").readFileSync(0, "utf8"))) console.log(word)'
}
mapfile -t stub_cmd < <(image_cmd stub)
mapfile -t bff_cmd < <(image_cmd bff)
[[ ${stub_cmd[*]} == "node dist/server.js" && ${bff_cmd[*]} == "node dist/server.js" ]] ||
  fail "the images' CMD should be node dist/server.js (stub: ${stub_cmd[*]}; bff: ${bff_cmd[*]})"

stub_port=$(free_port)
bff_port=$(free_port)
redis_port=$(free_port)
pg_port=$(free_port)
# In production the BFF needs a shared store, a database and a strong secret: a throwaway Redis and
# PostgreSQL, a random secret.
redis-server --bind 127.0.0.1 --port "$redis_port" --save '' --appendonly no >"$work/redis.log" 2>&1 &
pids+=("$!")
random_hex() { node -e "console.log(require('node:crypto').randomBytes($1).toString('hex'))"; }
key_secret=$(random_hex 32)

# PostgreSQL from Debian's package, the newest installed: initdb and the server refuse to run as root, so
# as root they run as the package's postgres user, in a folder of its own. The socket (in that folder)
# trusts its owner, who creates the BFF's role; TCP takes the role's password, as in production.
pg_bin=$(printf '%s\n' /usr/lib/postgresql/*/bin | sort -V | tail -1)
[[ -x $pg_bin/initdb ]] || fail "PostgreSQL is not installed (Debian: apt-get install postgresql)"
as_postgres() { if ((EUID == 0)); then runuser -u postgres -- "$@"; else "$@"; fi; }
pg_dir=$(mktemp -d "${TMPDIR:-/tmp}/check-deploy-pg.XXXXXX")
((EUID == 0)) && chown postgres: "$pg_dir"
as_postgres "$pg_bin/initdb" -D "$pg_dir/data" -U postgres -E UTF8 --auth-local=trust --auth-host=scram-sha-256 \
  --no-sync --no-instructions >"$work/initdb.log" 2>&1 || { cat "$work/initdb.log" >&2; fail "initdb failed"; }
as_postgres "$pg_bin/pg_ctl" -D "$pg_dir/data" -l "$pg_dir/server.log" -w -t 30 start \
  -o "-p $pg_port -k $pg_dir -c listen_addresses=127.0.0.1 -c fsync=off" >/dev/null ||
  { cat "$pg_dir/server.log" >&2; fail "PostgreSQL did not start"; }
# superuser SQL and tools over the socket
pg_admin() { local tool=$1; shift; as_postgres "$pg_bin/$tool" -h "$pg_dir" -p "$pg_port" -U postgres "$@"; }
pg_password=$(random_hex 16)
pg_admin psql -d postgres -qX -v ON_ERROR_STOP=1 -c "create role portal login password '$pg_password'" >/dev/null
pg_admin createdb -O portal portal
database_url="postgres://portal:$pg_password@127.0.0.1:$pg_port/portal"
step "postgres: $("$pg_bin/postgres" --version | awk '{print $3}') on 127.0.0.1:$pg_port, database portal owned by role portal"

# A clean environment, as in the containers: only what the image and compose would set.
(cd "$work/stub" && exec env -i PATH="$PATH" HOME="$HOME" NODE_ENV=production HOST=127.0.0.1 \
  PORT="$stub_port" LOG_LEVEL=warn "${stub_cmd[@]}") >"$work/stub.log" 2>&1 &
stub_pid=$!
pids+=("$stub_pid")
start_bff() {
  (cd "$work/bff" && exec env -i PATH="$PATH" HOME="$HOME" NODE_ENV=production HOST=127.0.0.1 \
    PORT="$bff_port" UPSTREAM_URL="http://127.0.0.1:$stub_port" WEB_DIST="$work/bff/web" LOG_LEVEL=warn \
    REDIS_URL="redis://127.0.0.1:$redis_port" DATABASE_URL="$database_url" KEY_SECRET="$key_secret" \
    "${bff_cmd[@]}") >>"$work/bff.log" 2>&1 &
  bff_pid=$!
  pids+=("$bff_pid")
}
start_bff

logs() { echo "--- stub log"; cat "$work/stub.log"; echo "--- bff log"; cat "$work/bff.log"; } >&2
check() { # name URL seconds
  local code
  code=$(wait_for "$2" "$3") || { logs; fail "$1: GET $2 answered $code"; }
  step "$1: GET ${2#http://127.0.0.1:} → 200"
}
check stub "http://127.0.0.1:$stub_port/__stub/faults" 30
check bff "http://127.0.0.1:$bff_port/healthz" 30
check bff "http://127.0.0.1:$bff_port/readyz" 15
check bff "http://127.0.0.1:$bff_port/metrics" 5
check bff "http://127.0.0.1:$bff_port/trpc/auth.session" 5
if [[ $spa == yes ]]; then
  check bff "http://127.0.0.1:$bff_port/" 5
else
  step "bff: SPA not checked (apps/web/dist is missing; pnpm --filter @portal/web build)"
fi

# A PDF upload through plain HTTP: the compiled BFF forks dist/pdf-reader-process.mjs to read it. The PDF,
# made with the deployed pdf-lib, prints a boleto line; the answer must be a boleto read from its text.
pdf_upload() {
  (cd "$work/bff" && node --input-type=module - "http://127.0.0.1:$bff_port" <<'EOF'
import { PDFDocument, StandardFonts } from 'pdf-lib';
const base = process.argv[2];
const doc = await PDFDocument.create();
const font = await doc.embedFont(StandardFonts.Helvetica);
doc.addPage().drawText('23790.12345 60000.000001 00000.000001 1 99990000021000', { x: 40, y: 700, size: 10, font });
const response = await fetch(`${base}/api/verificacao/pdf`, {
  method: 'POST',
  headers: { 'content-type': 'application/pdf', origin: base },
  body: await doc.save(),
  signal: AbortSignal.timeout(10_000),
});
const body = await response.text();
if (response.status !== 200 || JSON.parse(body).tipo !== 'boleto') {
  console.error(`POST /api/verificacao/pdf answered ${response.status}: ${body.slice(0, 300)}`);
  process.exit(1);
}
console.log(JSON.parse(body).veredito);
EOF
  )
}
verdict=$(pdf_upload) || { logs; fail "bff: the PDF upload was not read"; }
step "bff: POST /api/verificacao/pdf (a PDF made with pdf-lib) → 200, read as a boleto ($verdict)"

run_healthcheck stub PORT="$stub_port" || fail "the stub image's HEALTHCHECK command failed"
run_healthcheck bff PORT="$bff_port" || fail "the bff image's HEALTHCHECK command failed"
step "healthchecks: the Dockerfile's HEALTHCHECK commands pass for stub and bff"

# SIGTERM, as `docker stop` sends it: the BFF must be gone well within compose's 15 s grace period.
stop() { # name pid limit-seconds
  local t=$SECONDS rc=0
  kill -TERM "$2"
  while kill -0 "$2" 2>/dev/null; do
    ((SECONDS - t < $3)) || { logs; fail "$1 still running $3 s after SIGTERM"; }
    sleep 0.1
  done
  wait "$2" || rc=$?
  ((rc == 0)) || { logs; fail "$1 exited with $rc after SIGTERM"; }
  step "$1: stopped on SIGTERM, exit 0"
}

# --- the backup drill (docs/operations.md, Database) --------------------------------------------------
# Ana's declaration of settlement issued, the database dumped (pg_dump -Fc), dropped and created again;
# on the empty database the BFF must not know the declaration (so the last check can fail), and after
# pg_restore it must: its code checks out and its PDF has the bytes first downloaded. The BFF is stopped
# around each drop and restore, as an operator would, and each start migrates what it finds.
drill_t0=$(date +%s%N)
drill() { node --import tsx scripts/stack/drill.ts "$@" || { logs; fail "backup drill: drill.ts $1 failed"; }; }
recreate_database() {
  pg_admin dropdb portal
  pg_admin createdb -O portal portal
}
ready() { # after a start: /readyz answers 200 (migrated, the database answering)
  local code
  code=$(wait_for "http://127.0.0.1:$bff_port/readyz" 30) || { logs; fail "bff: /readyz answered $code after a start"; }
}
issued=$(drill issue "http://127.0.0.1:$bff_port" "http://127.0.0.1:$stub_port" "$work/issued.json")
"$pg_bin/pg_dump" -Fc -d "$database_url" -f "$work/portal.dump" || fail "backup drill: pg_dump failed"
step "backup drill: Ana's declaration issued ($issued); pg_dump -Fc: $(du -h "$work/portal.dump" | cut -f1)"
stop bff "$bff_pid" 11 >/dev/null
recreate_database
start_bff
ready
absent=$(drill absent "http://127.0.0.1:$bff_port" "$work/issued.json")
step "backup drill: dropdb, createdb, the BFF restarted: $absent"
stop bff "$bff_pid" 11 >/dev/null
recreate_database
"$pg_bin/pg_restore" --exit-on-error --single-transaction -d "$database_url" "$work/portal.dump" ||
  fail "backup drill: pg_restore failed"
start_bff
ready
kept=$(drill kept "http://127.0.0.1:$bff_port" "$work/issued.json")
drill_s=$(awk -v ns="$(($(date +%s%N) - drill_t0))" 'BEGIN { printf "%.1f", ns / 1e9 }')
step "backup drill: dropdb, createdb, pg_restore, the BFF restarted: $kept (the drill took $drill_s s)"

stop bff "$bff_pid" 11
stop stub "$stub_pid" 11
pids=()

step "all checks passed"
