#!/usr/bin/env bash
# The production stack as ops run it, proven on this machine with Podman (no Docker engine here): the
# real images built from the Dockerfile by docker-compose, docker-compose.yml with docker-compose.prod.yml
# started (two BFF replicas, Redis, PostgreSQL, nginx; the simulator as the creditor, under its `demo`
# profile), and scripts/stack/smoke.ts through nginx: the SPA, the edge's refusals, a sign-in whose
# session both replicas serve, a declaration of settlement issued, a 1 MB PDF read, a replica stopped
# under load without one failed call. Then the whole stack goes down and up again, volumes kept: the
# declaration must check out and download with the same bytes. Last, the BFF image must refuse unsafe
# production settings. Leaves nothing running (KEEP_STACK=1 keeps it, to look).
# Needs root, podman, catatonit, debootstrap and docker-compose (.ci/run installs them).
cd "$(dirname "$0")/.."
source scripts/steps.sh

project=portal-ci-$$
work=$(mktemp -d "${TMPDIR:-/tmp}/check-stack.XXXXXX")
# Podman's settings for this run only: no default ulimits, which a container without CAP_SYS_RESOURCE
# (this CI's own sandbox) cannot raise.
printf '[containers]\ndefault_ulimits = []\n' >"$work/containers.conf"
export CONTAINERS_CONF=$work/containers.conf
export DOCKER_HOST=unix://$work/podman.sock
podman system service --time=0 "$DOCKER_HOST" >"$work/service.log" 2>&1 &
service=$!
ticker=
compose() {
  # only these variables, whatever this shell or a developer's .env holds: production's files, with the
  # demo's simulator as the creditor, the CI stand-ins for the base images, http on a free port
  env -i PATH="$PATH" DOCKER_HOST="$DOCKER_HOST" \
    COMPOSE_PROFILES=demo UPSTREAM_URL=http://stub:4010 KEY_SECRET_FILE="$work/key_secret" \
    POSTGRES_PASSWORD="$postgres_password" \
    NODE_IMAGE=localhost/node:22-bookworm-ci REDIS_IMAGE=localhost/redis:ci NGINX_IMAGE=localhost/nginx:ci \
    POSTGRES_IMAGE=localhost/postgres:ci \
    REGISTRY=localhost/portal VERSION="$version" REVISION="$revision" PORT="$port" \
    COOKIE_SECURE=false ALLOW_INSECURE_COOKIES_LOCAL_HTTP=true \
    docker-compose --project-directory . -p "$project" -f docker-compose.yml -f docker-compose.prod.yml "$@"
}
cleanup() {
  [[ -n $ticker ]] && kill "$ticker" 2>/dev/null
  if [[ -n ${KEEP_STACK:-} ]]; then # for a look after a failure: podman ps, podman logs
    echo "kept: project $project, http://127.0.0.1:$port, files in $work" >&2
    return
  fi
  compose down -v --remove-orphans >/dev/null 2>&1 || true
  kill "$service" 2>/dev/null || true
  rm -rf "$work"
}
version=ci-$(git rev-parse --short HEAD)
revision=$(git rev-parse HEAD)
port=$(node -e "const s = require('net').createServer().listen(0, () => { console.log(s.address().port); s.close(); })")
openssl rand -hex 32 >"$work/key_secret"
postgres_password=$(openssl rand -hex 32)
chmod 0444 "$work/key_secret" # the BFF runs as uid 1000, and Compose mounts the file as it is
trap cleanup EXIT
for _ in $(seq 50); do [[ -S ${DOCKER_HOST#unix://} ]] && break; sleep 0.1; done
[[ -S ${DOCKER_HOST#unix://} ]] || { cat "$work/service.log" >&2; fail "podman's Docker API service did not start"; }
step "podman $(podman --version | awk '{print $3}') answering the Docker API; $(docker-compose version --short)"

# What an earlier run left when it was killed before its cleanup, or kept with KEEP_STACK: its containers
# hold the network's fixed subnet, and its volumes a database. A run's project is portal-ci-<its pid>, so
# only runs no longer alive are swept; a machine with nothing left from before has nothing to sweep.
gone_runs() { # names of containers, volumes or networks → those of portal-ci runs whose process is gone
  local name pid
  while read -r name; do
    [[ $name =~ ^portal-ci-([0-9]+)_ ]] || continue
    pid=${BASH_REMATCH[1]}
    ((pid != $$)) && ! kill -0 "$pid" 2>/dev/null && printf '%s\n' "$name"
  done
  return 0
}
swept=0
for kind in container volume network; do
  mapfile -t names < <(
    case $kind in
    container) podman ps -a --format '{{.Names}}' ;;
    *) podman "$kind" ls --format '{{.Name}}' ;;
    esac | gone_runs
  )
  ((${#names[@]})) || continue
  podman "$kind" rm -f "${names[@]}" >/dev/null || fail "could not remove earlier runs' ${kind}s: ${names[*]}"
  swept=$((swept + ${#names[@]}))
done
step "earlier runs: $swept containers, volumes and networks left behind removed"

scripts/stack/stand-ins.sh
step "base images: CI's stand-ins for node:22-bookworm-slim, redis, nginx and postgres (scripts/stack)"

# Earlier runs' portal images go first: Podman's layer cache would otherwise hand a build whose sources
# did not change (a commit touching tests or docs only) the earlier image, labels and all.
# (None may exist: a machine that never built them has nothing to remove.)
mapfile -t earlier < <(podman images --format '{{.Repository}}:{{.Tag}}' | awk '/^localhost\/portal\//')
if ((${#earlier[@]})); then
  podman rmi -f "${earlier[@]}" >/dev/null || fail "could not remove earlier runs' images: ${earlier[*]}"
fi
compose build >"$work/build.log" 2>&1 || { tail -40 "$work/build.log" >&2; fail "the images did not build"; }
for app in bff stub; do
  image=localhost/portal/$app:$version
  user=$(podman image inspect "$image" --format '{{.Config.User}}')
  [[ $user == 1000:1000 ]] || fail "$image runs as '$user', not 1000:1000"
  label=$(podman image inspect "$image" --format '{{index .Config.Labels "org.opencontainers.image.revision"}}')
  [[ $label == "$revision" ]] || fail "$image is labelled revision '$label', not $revision"
done
size=$(podman image inspect localhost/portal/bff:"$version" --format '{{.Size}}')
step "images built by docker-compose: portal/bff and portal/stub:$version, uid 1000, labelled; bff $((size / 1000000)) MB"

# Podman runs healthchecks from systemd timers; CI has no systemd, so this runs them every 2 s, and
# compose's `condition: service_healthy` waits on them as it would on Docker.
(while sleep 2; do
  for c in $(podman ps -q --filter "label=com.docker.compose.project=$project"); do
    podman healthcheck run "$c" >/dev/null 2>&1 || true
  done
done) &
ticker=$!
# Up for an operator once every replica reaches its dependencies (Redis, the creditor's channels): its
# portal_dependency_up gauges, read on the replica's own port as Prometheus would.
dependencies_up() {
  podman exec "$1" node -e "fetch('http://127.0.0.1:3000/metrics').then((r) => r.text()).then((t) => process.exit(/^portal_dependency_up\\{[^}]*\\} 0$/m.test(t) || !t.includes('portal_dependency_up') ? 1 : 0), () => process.exit(1))"
}
up() { # two BFF replicas, the proxy answering, every replica reaching its dependencies
  compose up -d --no-build --scale bff=2 >"$work/up.log" 2>&1 || { cat "$work/up.log" >&2; compose logs --tail 40 >&2; fail "the stack did not start"; }
  for _ in $(seq 60); do
    curl -fsS -o /dev/null "http://127.0.0.1:$port/" 2>/dev/null && break
    sleep 0.5
  done
  for bff in $(podman ps --filter "label=com.docker.compose.project=$project" --filter label=com.docker.compose.service=bff --format '{{.Names}}'); do
    for _ in $(seq 60); do dependencies_up "$bff" && break; sleep 0.5; done
    dependencies_up "$bff" || { compose logs --tail 30 bff >&2; fail "$bff does not reach Redis and the upstream"; }
  done
}
up
step "stack up: $(podman ps --filter "label=com.docker.compose.project=$project" --format '{{.Names}}' | sort | tr '\n' ' ')"

node --import tsx scripts/stack/smoke.ts "http://127.0.0.1:$port" "$project" "$work/issued.json" || { compose logs --tail 30 >&2; fail "the smoke test through nginx failed"; }

# Every service down and up again, the volumes kept (Redis's and PostgreSQL's): what PostgreSQL kept is
# what the BFF serves. The declaration issued above, asked for through nginx by Ana signed in afresh.
compose down >"$work/down.log" 2>&1 || { cat "$work/down.log" >&2; fail "compose down failed"; }
up
kept=$(node --import tsx scripts/stack/drill.ts kept "http://127.0.0.1:$port" "$work/issued.json") ||
  { compose logs --tail 30 bff postgres >&2; fail "the declaration did not survive the stack's restart"; }
step "compose down (volumes kept) and up: $kept"

# Unsafe production settings: the BFF image refuses to start, saying why.
refuse() { # expected-message-fragment podman-run-arguments…
  local expected=$1 out
  shift
  if out=$(podman run --rm --read-only "$@" "localhost/portal/bff:$version" 2>&1); then fail "the BFF started with: $*"; fi
  [[ $out == *"$expected"* ]] || fail "the BFF refused ($*) for another reason: $out"
}
safe=(-e REDIS_URL=redis://redis.invalid:6379 -e DATABASE_URL=postgres://portal:x@postgres.invalid/portal
  -e UPSTREAM_URL=http://stub.invalid)
refuse "KEY_SECRET" "${safe[@]}"
refuse "too short" "${safe[@]}" -e KEY_SECRET=aaaaaaaaaaaaaaaa
refuse "too guessable" "${safe[@]}" -e KEY_SECRET=aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa
refuse "REDIS_URL is required" -e UPSTREAM_URL=http://stub.invalid -e DATABASE_URL=postgres://portal:x@postgres.invalid/portal \
  -e KEY_SECRET="$(openssl rand -hex 32)"
refuse "DATABASE_URL is required" -e UPSTREAM_URL=http://stub.invalid -e REDIS_URL=redis://redis.invalid:6379 \
  -e KEY_SECRET="$(openssl rand -hex 32)"
refuse "COOKIE_SECURE" "${safe[@]}" -e KEY_SECRET="$(openssl rand -hex 32)" -e COOKIE_SECURE=false
step "the BFF image refuses to start in production without a secret, with a weak one, without Redis or PostgreSQL, or with insecure cookies"
step "all checks passed"
