#!/usr/bin/env bash
# The stand-in's entrypoint (Containerfile): on an empty data folder, initdb with POSTGRES_USER as the
# superuser and POSTGRES_PASSWORD as its password (refused when empty), password checks over TCP, then
# POSTGRES_DB created on a server listening on the socket only; then the server itself, on every address.
# Runs as the postgres user (compose's `user: postgres`), so it changes no owner and needs no capability.
set -Eeuo pipefail

if [[ ${1:-} == -* ]]; then set -- postgres "$@"; fi
if [[ ${1:-} != postgres ]]; then exec "$@"; fi

if [[ -n ${POSTGRES_PASSWORD_FILE:-} ]]; then POSTGRES_PASSWORD=$(<"$POSTGRES_PASSWORD_FILE"); fi
user=${POSTGRES_USER:-postgres}
db=${POSTGRES_DB:-$user}

if [[ ! -s $PGDATA/PG_VERSION ]]; then
  if [[ -z ${POSTGRES_PASSWORD:-} ]]; then
    echo 'error: the database is not initialised and POSTGRES_PASSWORD is empty: set it' >&2
    exit 1
  fi
  chmod 700 "$PGDATA"
  initdb --username="$user" --pwfile=<(printf '%s\n' "$POSTGRES_PASSWORD") -E UTF8 \
    --auth-local=trust --auth-host=scram-sha-256 --no-instructions >/dev/null
  printf '\nhost all all all scram-sha-256\n' >>"$PGDATA/pg_hba.conf"
  pg_ctl -D "$PGDATA" -o "-c listen_addresses=''" -w start >/dev/null
  if [[ $db != postgres ]]; then
    psql -v ON_ERROR_STOP=1 -qX --username "$user" --dbname postgres --set db="$db" <<<'create database :"db";'
  fi
  pg_ctl -D "$PGDATA" -m fast -w stop >/dev/null
  echo "PostgreSQL initialised: role $user, database $db"
fi

exec "$@" -c listen_addresses='*'
