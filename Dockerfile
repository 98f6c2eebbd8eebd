# One image for every service; the service is chosen at build time:
#   docker build --build-arg APP=profile -t teamfit-profile .
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci --ignore-scripts
COPY tsconfig.base.json ./
COPY tools ./tools
COPY libs ./libs
COPY apps ./apps
RUN node tools/build.mjs

FROM node:20-bookworm-slim AS production-deps
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci --omit=dev --ignore-scripts

FROM node:20-bookworm-slim
ARG APP
# glibc returns blocks of 128 KiB and more to the system when freed (tools/runner/service-process.ts).
ENV NODE_ENV=production APP=${APP} MALLOC_MMAP_THRESHOLD_=131072
WORKDIR /app
COPY --from=production-deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json ./
RUN mkdir -p /data/media && chown node:node /data/media
USER node
CMD ["sh", "-c", "exec node --max-semi-space-size=2 dist/services.js ${APP}"]
