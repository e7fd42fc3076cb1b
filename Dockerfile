# syntax=docker/dockerfile:1
# Two stages. `build` installs every dependency, generates the Prisma client, bundles the
# GraphQL playground and the dashboard and compiles dist/. `runtime` installs the production dependencies only and
# takes dist/ and the data files the service reads at run time (prisma/, schema/, content/).
# test/integration/production-install.test.ts performs the runtime stage's commands without
# Docker. Build: docker build --build-arg COMMIT_SHA=$(git rev-parse HEAD) -t commerce-analytics .
ARG NODE_IMAGE=node:20-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
# --ignore-scripts: the sources are not here yet; the steps of `postinstall` run below. No
# engine download either: the Prisma CLI only generates here (scripts/prisma-generate.mjs).
RUN npm ci --no-audit --no-fund --ignore-scripts
COPY . .
RUN node scripts/prisma-generate.mjs \
 && node scripts/build-playground.mjs \
 && node scripts/build-dashboard.mjs \
 && node scripts/build.mjs

FROM ${NODE_IMAGE} AS runtime
ARG COMMIT_SHA=unknown
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    COMMIT_SHA=${COMMIT_SHA} \
    NPM_CONFIG_UPDATE_NOTIFIER=false
WORKDIR /app
COPY package.json package-lock.json ./
# Production dependencies only; nothing of ours needs an install script at run time.
# --omit=optional too: @prisma/client's optional peers (the Prisma CLI with its Studio, and
# TypeScript) are otherwise installed; the one optional package left out besides is
# pg-cloudflare, for Cloudflare Workers.
RUN npm ci --omit=dev --omit=optional --ignore-scripts --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
COPY prisma ./prisma
COPY schema ./schema
COPY content ./content
# The files stay root's (read-only to the service); it runs as the image's unprivileged `node`.
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then((r)=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# --v8-pool-size=1: one V8 worker thread instead of four (fewer malloc arenas and a smaller idle
# process; docs/operations.md, "Start-up, third pass"). npm start passes it too.
ENTRYPOINT ["node", "--v8-pool-size=1", "dist/svc.js"]
# `serve` migrates and serves; `migrate` and `worker` are the other services of compose.yaml.
CMD ["serve"]
