# The API server, built once. `docker compose up` builds it; `docker build -t docs-api .` alone too.
# Stage 1 installs every dependency and compiles; stage 2 keeps the production dependencies and the
# compiled output only, and runs as the unprivileged `node` user with its data in /data.
# Node 24 is an LTS line supported until April 2028 (Node 20 ends in April 2026); better-sqlite3 12
# ships prebuilt binaries for it, and package.json's engines (>=20.19) include it.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci
COPY tsconfig.json tsconfig.build.json nest-cli.json ./
COPY scripts ./scripts
COPY apps ./apps
COPY libs ./libs
COPY test ./test
RUN npm run build && npm prune --omit=dev

FROM node:24-bookworm-slim
ENV NODE_ENV=production TS_NODE_BASEURL=dist DATA_DIR=/data PORT=3000
WORKDIR /app
COPY --from=build /app/package.json /app/tsconfig.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
VOLUME ["/data"]
# /ready, not /health: 503 when a store is unreachable or a projection has failed, not only when the
# process is down.
HEALTHCHECK --interval=10s --timeout=5s --start-period=30s --retries=5 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "-r", "tsconfig-paths/register", "dist/apps/api/main.js"]
