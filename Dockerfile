# One image for both processes of the scaled-out mode (docs/operations.md):
#   api:       node dist/apps/api/main.js        (the default command)
#   projector: node dist/apps/projector/main.js
FROM node:20-bookworm-slim AS build
WORKDIR /app
# Dependencies first, so a source change does not reinstall them.
COPY package.json package-lock.json ./
COPY web/package.json web/
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY apps apps
COPY libs libs
COPY web web
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000
# package.json carries the "#libs/*" import map the compiled code resolves through.
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules node_modules
COPY --from=build /app/dist dist
COPY --from=build /app/web/dist web/dist
# ffmpeg for `npm run media:import` and the demo videos (docs/media.md); the imported media's folder
# (HLS_DIR) belongs to the node user, so a named volume mounted there is writable.
RUN apt-get update && apt-get install -y --no-install-recommends ffmpeg && rm -rf /var/lib/apt/lists/* \
    && mkdir -p /srv/hls && chown node:node /srv/hls
ENV HLS_DIR=/srv/hls
# Paid media (videos, book documents): outside the web root, served only through signed URLs.
COPY media media
USER node
EXPOSE 3000
CMD ["node", "dist/apps/api/main.js"]
