# Images of the portal: `--target bff` (BFF + built SPA) and `--target stub` (the upstream simulator).
# docker-compose.yml builds both; docs/operations.md explains how they run.
#
# Build arguments: VERSION and REVISION (the release and its git commit) label the images and reach
# the app as APP_VERSION and APP_REVISION; SOURCE is the repository's URL, for the source label.
# NODE_IMAGE names the base image, so CI can build on a locally assembled one. Pin it in production
# by digest, with the tag beside it:
#   --build-arg NODE_IMAGE=node:22-bookworm-slim@sha256:<digest>
# (the digest from `docker buildx imagetools inspect node:22-bookworm-slim`); no registry is reachable
# where this file was written, so the default is the tag alone.
ARG NODE_IMAGE=node:22-bookworm-slim
ARG VERSION=0.0.0-dev
ARG REVISION=unknown
ARG SOURCE=""

FROM ${NODE_IMAGE} AS build
ENV CI=true
RUN npm install -g pnpm@10.34.8
WORKDIR /repo

# Manifests first: the install layer is rebuilt only when a lockfile or package.json changes.
# Every workspace of pnpm-workspace.yaml is listed, or the frozen install would not match the lockfile.
COPY pnpm-lock.yaml pnpm-workspace.yaml package.json ./
COPY apps/bff/package.json apps/bff/
COPY apps/stub/package.json apps/stub/
COPY apps/web/package.json apps/web/
COPY packages/contracts/package.json packages/contracts/
COPY packages/validation/package.json packages/validation/
COPY packages/test-kit/package.json packages/test-kit/
COPY e2e/package.json e2e/
RUN pnpm install --frozen-lockfile

COPY tsconfig.base.json ./
COPY packages/ packages/
COPY apps/ apps/
RUN pnpm --filter @portal/web build

# The BFF and the stub compiled to JavaScript (apps/*/scripts/build.ts: dist/server.js, the workspace
# packages bundled in), then deployed: dist/ plus a node_modules of the production dependencies. pnpm 10
# deploys from the shared lockfile only with injected workspace packages, set on the command line.
# Pruned after: typescript, which pnpm installs as @trpc/server's declared peer though nothing loads it
# at run time, and the test files that dependencies publish. scripts/check-deploy.sh runs these two RUN
# lines as they are written here (with /deploy moved to a temporary folder).
RUN pnpm --filter @portal/bff build && pnpm --filter @portal/stub build
RUN pnpm --filter @portal/bff --config.inject-workspace-packages=true deploy --prod /deploy/bff \
 && pnpm --filter @portal/stub --config.inject-workspace-packages=true deploy --prod /deploy/stub \
 && find /deploy \( -name '*.test.*' -o -path '*/node_modules/typescript' \
      -o -path '*/node_modules/.pnpm/typescript@*' \) -prune -exec rm -rf {} +

# Runtime images: plain node runs dist/server.js. Files stay root-owned and nothing is written, so the
# root filesystem can be read-only. USER is numeric (node's uid and gid in the official image), which
# Kubernetes' runAsNonRoot can verify.
FROM ${NODE_IMAGE} AS stub
ARG VERSION
ARG REVISION
ARG SOURCE
LABEL org.opencontainers.image.title="portal-stub" \
      org.opencontainers.image.description="Simulador do sistema legado do portal de negociação" \
      org.opencontainers.image.source="${SOURCE}" \
      org.opencontainers.image.version="${VERSION}" \
      org.opencontainers.image.revision="${REVISION}"
ENV NODE_ENV=production HOST=0.0.0.0 PORT=4010 APP_VERSION=${VERSION} APP_REVISION=${REVISION}
WORKDIR /app
COPY --from=build /deploy/stub ./
USER 1000:1000
EXPOSE 4010
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.STUB_PORT ?? process.env.PORT ?? 4010) + '/__stub/faults', { signal: AbortSignal.timeout(2500) }).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "dist/server.js"]

FROM ${NODE_IMAGE} AS bff
ARG VERSION
ARG REVISION
ARG SOURCE
LABEL org.opencontainers.image.title="portal-bff" \
      org.opencontainers.image.description="BFF e SPA do portal de negociação de dívidas" \
      org.opencontainers.image.source="${SOURCE}" \
      org.opencontainers.image.version="${VERSION}" \
      org.opencontainers.image.revision="${REVISION}"
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 WEB_DIST=/app/web APP_VERSION=${VERSION} APP_REVISION=${REVISION}
WORKDIR /app
COPY --from=build /deploy/bff ./
COPY --from=build /repo/apps/web/dist ./web
USER 1000:1000
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT ?? 3000) + '/healthz', { signal: AbortSignal.timeout(2500) }).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "dist/server.js"]
