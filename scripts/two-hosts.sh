#!/usr/bin/env bash
# Two "hosts" on this machine for tests and benchmarks: network namespaces NAME-c (client) and NAME-s
# (server) joined by a veth pair addressed in 127.0.0.0/8, so that traffic between them crosses a
# link interface (not lo) while staying inside loopback's address range:
#   client NAME-c: veth "cc0" 127.0.9.1/24      server NAME-s: veth "cc0" 127.0.9.2/24
# In each namespace lo is up with its local route narrowed to 127.0.0.1/32 (127.0.0.1 stays local:
# JIT warm-up and embedded helpers keep working) and route_localnet is on, so 127.0.9.0/24 goes over
# the veth: from the client, `ip route get 127.0.9.2` names cc0.
#
#   scripts/two-hosts.sh up NAME      create both (fails if NAME-c or NAME-s exists)
#   scripts/two-hosts.sh down NAME    remove both (the veth goes with them); quiet when absent
#   scripts/two-hosts.sh sweep PREFIX remove every NAME-c/NAME-s whose NAME starts with PREFIX and
#                                     ends in -PID of a process that is gone (what a killed test left)
# Needs root. Never addresses anything outside 127.0.0.0/8.
set -euo pipefail
CLIENT_ADDR=127.0.9.1
SERVER_ADDR=127.0.9.2
IFACE=cc0

die() { echo "two-hosts.sh: $*" >&2; exit 1; }
[ "$(id -u)" -eq 0 ] || die "needs root (network namespaces)"

setup_ns() { # NS ADDR
  local ns=$1 addr=$2
  ip netns exec "$ns" sysctl -qw net.ipv4.conf.all.route_localnet=1
  ip netns exec "$ns" sysctl -qw "net.ipv4.conf.$IFACE.route_localnet=1"
  ip -n "$ns" link set lo up
  ip -n "$ns" route del local 127.0.0.0/8 dev lo table local
  ip -n "$ns" route replace local 127.0.0.1/32 dev lo table local
  ip -n "$ns" addr add "$addr/24" dev "$IFACE"
  ip -n "$ns" link set "$IFACE" up
}

down() {
  local name=$1
  ip netns del "$name-c" 2>/dev/null || true
  ip netns del "$name-s" 2>/dev/null || true
}

case "${1:-}" in
  up)
    name=${2:?usage: two-hosts.sh up NAME}
    [ ${#name} -le 20 ] || die "NAME '$name' is longer than 20 characters"
    for ns in "$name-c" "$name-s"; do
      ! ip netns list | grep -qw "^$ns" || die "namespace $ns exists already"
    done
    trap 'down "$name"' ERR
    ip netns add "$name-c"
    ip netns add "$name-s"
    # a veth pair created in the client namespace, its peer moved into the server's: both named cc0
    ip -n "$name-c" link add "$IFACE" type veth peer name "$IFACE" netns "$name-s"
    setup_ns "$name-c" "$CLIENT_ADDR"
    setup_ns "$name-s" "$SERVER_ADDR"
    got=$(ip netns exec "$name-c" ip -o route get "$SERVER_ADDR")
    case "$got" in *" dev $IFACE "*) ;; *) die "route to $SERVER_ADDR from $name-c is not over $IFACE: $got" ;; esac
    ;;
  down)
    down "${2:?usage: two-hosts.sh down NAME}"
    ;;
  sweep)
    prefix=${2:?usage: two-hosts.sh sweep PREFIX}
    for ns in $(ip netns list | awk '{print $1}' | grep "^$prefix" | grep -E -- '-[cs]$' || true); do
      pid=$(echo "$ns" | sed -E 's/.*-([0-9]+)-[cs]$/\1/')
      [[ $pid =~ ^[0-9]+$ ]] || continue
      [ -d "/proc/$pid" ] || ip netns del "$ns" 2>/dev/null || true
    done
    ;;
  *)
    echo "usage: two-hosts.sh up NAME | down NAME | sweep PREFIX" >&2; exit 2 ;;
esac
