#!/usr/bin/env bash
# Checks the container setup on a machine without Docker: docker-compose.yml validates, and the
# Dockerfile's production layout works — the same `pnpm deploy --prod` folders, started with plain
# node on free ports, answer their probes, run the images' HEALTHCHECK commands, hold no dev tooling
# and stop on SIGTERM in time. Leaves nothing behind.
set -euo pipefail
cd "$(dirname "$0")/.."
t0=$(date +%s%N)
step() { awk -v ns="$(($(date +%s%N) - t0))" -v msg="$*" 'BEGIN { printf "[%5.1fs] %s\n", ns / 1e9, msg }'; }
fail() { printf 'FAIL: %s\n' "$*" >&2; exit 1; }

# --- the compose file -------------------------------------------------------------------------------
if command -v docker-compose >/dev/null 2>&1; then
  # KEY_SECRET has no default in the file; any value lets it interpolate.
  KEY_SECRET="${KEY_SECRET:-check-deploy-placeholder-secret}" docker-compose -f docker-compose.yml config -q
  step "compose: docker-compose.yml is valid ($(docker-compose version --short))"
else
  step "compose: skipped (docker-compose is not installed; Debian: apt-get install docker-compose)"
fi

# --- the production layout --------------------------------------------------------------------------
work=$(mktemp -d "${TMPDIR:-/tmp}/check-deploy.XXXXXX")
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT

# The Dockerfile's deploy command, word for word.
deploy() {
  if ! pnpm --filter "$1" --config.inject-workspace-packages=true deploy --prod "$2" >"$work/deploy.log" 2>&1; then
    cat "$work/deploy.log" >&2
    fail "pnpm deploy of $1"
  fi
}
deploy @portal/bff "$work/bff"
deploy @portal/stub "$work/stub"
step "deploy: @portal/bff ($(du -sh "$work/bff" | cut -f1)) and @portal/stub ($(du -sh "$work/stub" | cut -f1))"

# No devDependency of the app or of its workspace packages is installed, tsx is a direct dependency and
# no build script was skipped. The one tolerated exception: typescript as @trpc/server's declared peer.
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
const manifests = [path.join(dir, 'package.json')];
for (const e of entries.filter((e) => e.startsWith('@portal+')))
  manifests.push(path.join(store, e, 'node_modules', nameOf(e), 'package.json'));
const prod = new Set();
const dev = new Set();
for (const file of manifests) {
  const pkg = JSON.parse(fs.readFileSync(file, 'utf8'));
  for (const n of Object.keys(pkg.dependencies ?? {})) prod.add(n);
  for (const n of Object.keys(pkg.devDependencies ?? {})) dev.add(n);
}
const tooling = /^(@types\/|@vitest\/|@biomejs\/|@playwright\/|playwright|vite$|vitest$|supertest$|typescript$)/;
const problems = [];
const notes = [];
for (const n of dev) {
  if (!prod.has(n) && fs.existsSync(path.join(dir, 'node_modules', n))) problems.push(`${n} is linked at the top`);
}
for (const e of entries) {
  const n = nameOf(e);
  if (prod.has(n) || !(dev.has(n) || tooling.test(n))) continue;
  const users = entries.filter((u) => u !== e && fs.existsSync(path.join(store, u, 'node_modules', n)));
  if (n === 'typescript' && users.length > 0 && users.every((u) => u.startsWith('@trpc+server@')))
    notes.push(`${e} (peer of @trpc/server only)`);
  else problems.push(`${e}${users.length ? ` (needed by ${users.join(', ')})` : ''}`);
}
if (!prod.has('tsx') || !fs.existsSync(path.join(dir, 'node_modules/tsx'))) problems.push('tsx is not a dependency');
const modules = JSON.parse(fs.readFileSync(path.join(dir, 'node_modules/.modules.yaml'), 'utf8'));
if ((modules.ignoredBuilds ?? []).length) problems.push(`build scripts skipped: ${modules.ignoredBuilds}`);
console.log(`${entries.length} packages${notes.length ? `; tolerated: ${notes.join(', ')}` : ''}`);
if (problems.length) {
  console.error(`dev tooling in ${dir}:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
EOF
}
for app in bff stub; do
  summary=$(inspect "$work/$app") || fail "the $app deployment holds development packages"
  step "packages: $app has no devDependency — $summary"
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

stub_port=$(free_port)
bff_port=$(free_port)
# A clean environment, as in the containers: only what the image and compose would set.
(cd "$work/stub" && exec env -i PATH="$PATH" HOME="$HOME" NODE_ENV=production HOST=127.0.0.1 \
  PORT="$stub_port" LOG_LEVEL=warn node --import tsx src/server.ts) >"$work/stub.log" 2>&1 &
stub_pid=$!
pids+=("$stub_pid")
(cd "$work/bff" && exec env -i PATH="$PATH" HOME="$HOME" NODE_ENV=production HOST=127.0.0.1 \
  PORT="$bff_port" UPSTREAM_URL="http://127.0.0.1:$stub_port" WEB_DIST="$work/bff/web" LOG_LEVEL=warn \
  node --import tsx src/server.ts) >"$work/bff.log" 2>&1 &
bff_pid=$!
pids+=("$bff_pid")

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
stop bff "$bff_pid" 11
stop stub "$stub_pid" 11
pids=()

step "all checks passed"
