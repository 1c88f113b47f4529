#!/usr/bin/env bash
# The compose topology on one machine without containers: a PostgreSQL cluster in a temporary
# directory and two `grimoire serve` processes sharing it.
#
#   deploy/replicas.sh [FIRST_PORT]     (default 8100: replicas on 8100 and 8101)
#
# Prints `replica http://127.0.0.1:PORT` for each replica and `ready` once both answer, then runs
# until interrupted; everything it started is stopped and removed on exit. PYTHON selects the
# interpreter that has Grimoire installed (default: python3). PostgreSQL refuses to run as root,
# so as root the cluster runs as the `postgres` user.
set -euo pipefail

first=${1:-8100}
python=${PYTHON:-python3}
dir=$(mktemp -d /tmp/grimoire-replicas.XXXXXX)
pgport=$("$python" -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
as_pg=()
if [ "$(id -u)" = 0 ]; then
    as_pg=(runuser -u postgres --)
    chown postgres "$dir"
fi
pids=()

cleanup() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    wait 2>/dev/null || true
    "${as_pg[@]}" pg_ctl -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
    rm -rf "$dir"
}
trap cleanup EXIT
trap 'exit 0' INT TERM

"${as_pg[@]}" initdb -D "$dir/data" -U postgres --auth=trust -E UTF8 --no-sync >"$dir/initdb.log"
"${as_pg[@]}" pg_ctl -D "$dir/data" -l "$dir/pg.log" -w \
    -o "-p $pgport -k $dir -c listen_addresses=127.0.0.1 -c max_connections=200" start >/dev/null
url="postgresql://postgres@127.0.0.1:$pgport/postgres"

for port in "$first" $((first + 1)); do
    GRIMOIRE_DATABASE_URL="$url" "$python" -m grimoire.service.cli serve --host 127.0.0.1 --port "$port" \
        >"$dir/replica-$port.log" 2>&1 &
    pids+=($!)
    echo "replica http://127.0.0.1:$port"
done

for port in "$first" $((first + 1)); do
    up=no
    for _ in $(seq 1 300); do
        if "$python" -c "import urllib.request; urllib.request.urlopen('http://127.0.0.1:$port/health/ready', timeout=1)" 2>/dev/null; then
            up=yes
            break
        fi
        sleep 0.2
    done
    if [ "$up" != yes ]; then
        echo "the replica on port $port did not start:" >&2
        tail -n 20 "$dir/replica-$port.log" >&2
        exit 1
    fi
done
echo "database $url"
echo "ready"
wait
