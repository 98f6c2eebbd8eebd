#!/bin/sh
# Starts one service of the built tree as the images run it: `sh deploy/start-service.sh <service>`;
# a built web app (`hub-web`) is served by the web host instead.
# Each setting of deploy/node-runtime.env applies unless the environment sets it already.
set -eu
here=$(dirname "$0")
while IFS= read -r line || [ -n "$line" ]; do
  case "$line" in '' | '#'*) continue ;; esac
  name=${line%%=*}
  eval "set_already=\${$name+yes}"
  [ -n "$set_already" ] || export "$line"
done < "$here/node-runtime.env"
if [ -f "$here/../dist/apps/$1/index.html" ]; then
  exec node "$here/../dist/tools/web-host/serve-web-app.js" "$1"
fi
exec node "$here/../dist/apps/$1/src/main.js"
