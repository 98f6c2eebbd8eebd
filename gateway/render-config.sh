#!/bin/sh
# Renders the gateway configuration inside the gateway image, as the local runner does with
# libs/gateway: the allowed browser origins (ADMIN_APP_ORIGIN, HUB_APP_ORIGIN, CORS_ORIGINS) are
# checked and written as nginx map entries, then the template's placeholders are substituted.
#   render-config.sh < nginx.conf.template > nginx.conf
# A bad origin stops here with one line naming the setting. The origin rule is the one of
# libs/gateway/src/cors-origins.ts; tools/checks/gateway-image.spec.ts keeps the two in step.
set -eu
set -f
export LC_ALL=C

fail() {
  printf 'invalid configuration: %s has "%s", which is not an http(s) origin such as https://admin.example.com\n' "$1" "$2" >&2
  exit 1
}

trim() {
  printf '%s' "$1" | sed -e 's/^[[:space:]]*//' -e 's/[[:space:]]*$//'
}

# origin NAME VALUE: the origin a browser sends for pages under this URL (lower case, default port
# dropped). Host names and IPv4 addresses only; a path is allowed and ignored.
origin() {
  case $2 in *[[:space:]]* | '') fail "$1" "$2" ;; esac
  printf '%s\n' "$2" | grep -Eqix 'https?://[a-z0-9]([a-z0-9.-]*[a-z0-9])?(:[1-9][0-9]{0,4})?(/.*)?' || fail "$1" "$2"
  lower=$(printf '%s' "$2" | tr 'A-Z' 'a-z')
  scheme=${lower%%://*}
  authority=${lower#*://}
  authority=${authority%%/*}
  host=${authority%%:*}
  port=
  case $authority in *:*) port=${authority#*:} ;; esac
  if [ -n "$port" ] && [ "$port" -gt 65535 ]; then fail "$1" "$2"; fi
  case "$scheme:$port" in http:80 | https:443) port= ;; esac
  printf '%s://%s%s' "$scheme" "$host" "${port:+:$port}"
}

entries=
seen=' '
allow() {
  case $seen in *" $1 "*) return ;; esac
  seen="$seen$1 "
  entries="$entries${entries:+ }\"$1\" \"$1\";"
}

# Each origin is taken in an assignment of its own: only there does a failed check stop the script.
admin=$(trim "${ADMIN_APP_ORIGIN:-}")
checked=$(origin ADMIN_APP_ORIGIN "${admin:-http://localhost:3000}")
allow "$checked"
hub=$(trim "${HUB_APP_ORIGIN:-}")
checked=$(origin HUB_APP_ORIGIN "${hub:-http://localhost:3001}")
allow "$checked"
IFS=,
for entry in ${CORS_ORIGINS:-}; do
  entry=$(trim "$entry")
  if [ -n "$entry" ]; then
    checked=$(origin CORS_ORIGINS "$entry")
    allow "$checked"
  fi
done

export CORS_ORIGIN_ENTRIES="$entries"
exec envsubst '${GATEWAY_PORT} ${AUTH_UPSTREAM} ${PROFILE_UPSTREAM} ${ORGANISATION_UPSTREAM} ${MEDIA_UPSTREAM} ${EVALUATION_UPSTREAM} ${STATIC_ROOT} ${NGINX_RUN_DIR} ${NGINX_ACCESS_LOG} ${CORS_ORIGIN_ENTRIES} ${DOCS_PAGE_ROOT} ${SWAGGER_UI_ROOT} ${OPENAPI_DOCUMENT}'
