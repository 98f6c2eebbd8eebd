#!/bin/sh
# Renders the gateway configuration inside the gateway image, as the local runner does with
# libs/gateway: the allowed browser origins (ADMIN_APP_ORIGIN, HUB_APP_ORIGIN, CORS_ORIGINS) are
# checked and written as nginx map entries, each service's instances (<SERVICE>_UPSTREAM:
# host:port, comma-separated) become its upstream's server lines, then the template's
# placeholders are substituted.
#   render-config.sh < nginx.conf.template > nginx.conf
# A bad setting stops here with one line naming it. The rules are those of
# libs/gateway/src/cors-origins.ts and upstream-servers.ts; tools/checks/gateway-image.spec.ts
# keeps the two in step.
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

# Passive health of every instance, as upstream-servers.ts has it.
SERVER_PARAMETERS='max_fails=2 fail_timeout=5s'

# servers NAME VALUE: the server lines for a list of host:port. A name (a compose service) is
# re-resolved while nginx runs, so every replica Docker's DNS gives becomes a server of its own.
servers() {
  lines=
  IFS=,
  for address in $2; do
    address=$(trim "$address")
    [ -n "$address" ] || continue
    case $address in *[[:space:]]*) fail_upstream "$1" "$address" ;; esac
    printf '%s\n' "$address" | grep -Eqix '[a-z0-9]([a-z0-9.-]*[a-z0-9])?:[1-9][0-9]{0,4}' || fail_upstream "$1" "$address"
    [ "${address##*:}" -le 65535 ] || fail_upstream "$1" "$address"
    resolve=' resolve'
    if printf '%s\n' "${address%:*}" | grep -Eqx '[0-9]{1,3}(\.[0-9]{1,3}){3}'; then resolve=; fi
    lines="$lines${lines:+ }server $address$resolve $SERVER_PARAMETERS;"
  done
  [ -n "$lines" ] || fail_upstream "$1" "$2"
  printf '%s' "$lines"
}

fail_upstream() {
  printf 'invalid configuration: %s has "%s", which is not a host:port list such as evaluation:9103\n' "$1" "$2" >&2
  exit 1
}

AUTH_SERVERS=$(servers AUTH_UPSTREAM "${AUTH_UPSTREAM:-}")
PROFILE_SERVERS=$(servers PROFILE_UPSTREAM "${PROFILE_UPSTREAM:-}")
ORGANISATION_SERVERS=$(servers ORGANISATION_UPSTREAM "${ORGANISATION_UPSTREAM:-}")
MEDIA_SERVERS=$(servers MEDIA_UPSTREAM "${MEDIA_UPSTREAM:-}")
EVALUATION_SERVERS=$(servers EVALUATION_UPSTREAM "${EVALUATION_UPSTREAM:-}")
export AUTH_SERVERS PROFILE_SERVERS ORGANISATION_SERVERS MEDIA_SERVERS EVALUATION_SERVERS

# Names need a resolver: Docker's embedded DNS unless GATEWAY_RESOLVER says otherwise (an IPv4
# address, e.g. a Kubernetes cluster's DNS service), asked again every 10 s.
UPSTREAM_RESOLVER=
case "$AUTH_SERVERS $PROFILE_SERVERS $ORGANISATION_SERVERS $MEDIA_SERVERS $EVALUATION_SERVERS" in
  *' resolve '*)
    resolver=$(trim "${GATEWAY_RESOLVER:-}")
    resolver=${resolver:-127.0.0.11}
    if ! printf '%s\n' "$resolver" | grep -Eqx '[0-9]{1,3}(\.[0-9]{1,3}){3}(:[1-9][0-9]{0,4})?'; then
      printf 'invalid configuration: GATEWAY_RESOLVER has "%s", which is not an IPv4 address such as 127.0.0.11\n' "$resolver" >&2
      exit 1
    fi
    UPSTREAM_RESOLVER="resolver $resolver valid=10s ipv6=off;"
    ;;
esac
export UPSTREAM_RESOLVER

# The access log is `off` or a file written in the template's JSON line format.
case ${NGINX_ACCESS_LOG:-off} in
  off) NGINX_ACCESS_LOG=off ;;
  *[[:space:]]*)
    printf 'invalid configuration: NGINX_ACCESS_LOG has "%s", which is not a file or off\n' "$NGINX_ACCESS_LOG" >&2
    exit 1
    ;;
  *) NGINX_ACCESS_LOG="$NGINX_ACCESS_LOG gateway_json" ;;
esac
export NGINX_ACCESS_LOG

exec envsubst '${GATEWAY_PORT} ${AUTH_SERVERS} ${PROFILE_SERVERS} ${ORGANISATION_SERVERS} ${MEDIA_SERVERS} ${EVALUATION_SERVERS} ${UPSTREAM_RESOLVER} ${STATIC_ROOT} ${NGINX_RUN_DIR} ${NGINX_ACCESS_LOG} ${CORS_ORIGIN_ENTRIES} ${DOCS_PAGE_ROOT} ${SWAGGER_UI_ROOT} ${OPENAPI_DOCUMENT}'
