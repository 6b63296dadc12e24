# Images of the portal: `--target bff` (BFF + built SPA) and `--target stub` (the upstream simulator).
# docker-compose.yml builds both; docs/operations.md explains how they run.

FROM node:22-bookworm-slim AS build
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
COPY e2e/package.json e2e/
RUN pnpm install --frozen-lockfile

COPY tsconfig.base.json ./
COPY packages/ packages/
COPY apps/ apps/
RUN pnpm --filter @portal/web build

# Production-only folders: the package's files plus a node_modules of its dependencies, workspace
# packages copied in. pnpm 10 deploys from the shared lockfile only with injected workspace packages,
# set here on the command line; `--legacy` would also install the root package.json's dependencies.
RUN pnpm --filter @portal/bff --config.inject-workspace-packages=true deploy --prod /deploy/bff \
 && pnpm --filter @portal/stub --config.inject-workspace-packages=true deploy --prod /deploy/stub

# TypeScript runs through tsx (a dependency of both apps). Files stay root-owned; the only writes are
# tsx's compile cache in /tmp.
FROM node:22-bookworm-slim AS stub
ENV NODE_ENV=production HOST=0.0.0.0 PORT=4010
WORKDIR /app
COPY --from=build /deploy/stub ./
USER node
EXPOSE 4010
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.STUB_PORT ?? process.env.PORT ?? 4010) + '/__stub/faults', { signal: AbortSignal.timeout(2500) }).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--import", "tsx", "src/server.ts"]

FROM node:22-bookworm-slim AS bff
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 WEB_DIST=/app/web
WORKDIR /app
COPY --from=build /deploy/bff ./
COPY --from=build /repo/apps/web/dist ./web
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT ?? 3000) + '/healthz', { signal: AbortSignal.timeout(2500) }).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--import", "tsx", "src/server.ts"]
