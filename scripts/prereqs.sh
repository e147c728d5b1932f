# Shared by ./crosscheck and ./run-tests: make sure what they need is installed.
# As root, missing Debian packages are installed; otherwise the exact command is printed and we stop.

_cc_install() { # PACKAGE...
  if [ "$(id -u)" = 0 ]; then
    echo "crosscheck: installing $* (apt-get)..." >&2
    { apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "$@"; } >&2 ||
      { echo "crosscheck: 'apt-get install -y $*' failed" >&2; exit 1; }
  else
    echo "crosscheck: missing $*; install it with:  sudo apt-get install -y $*" >&2
    exit 1
  fi
}

_cc_missing_pkgs() { # PACKAGE...: prints those not installed
  local p
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || printf '%s ' "$p"
  done
}

# libpcap for live capture (pcap4j loads it); tcpdump and tshark are the peers the tests compare
# with; nftables drops segments for the retransmission tests (this kernel has no netem).
ensure_capture_tools() { # PACKAGE...
  local missing
  missing=$(_cc_missing_pkgs "$@")
  [ -z "$missing" ] || _cc_install $missing
}

# Tools a test uses where it can get them, skipping itself (a JUnit assumption) where it cannot:
# httperf 0.9.0 runs crosscheck's --httperf export (HttperfExportTest). Never stops the caller.
ensure_optional_tools() { # PACKAGE...
  local missing
  missing=$(_cc_missing_pkgs "$@")
  [ -z "$missing" ] && return 0
  if [ "$(id -u)" = 0 ]; then
    { apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends $missing; } >&2 ||
      echo "crosscheck: could not install $missing; the tests that need it are skipped" >&2
  else
    echo "crosscheck: $missing not installed (sudo apt-get install -y $missing); the tests that need it are skipped" >&2
  fi
  return 0
}

# The foreign servers of `crosscheck study` (issue 16): lighttpd and Apache 2 (prefork) from Debian.
# Their packages start a system service on :80 when installed; a policy-rc.d answering 101 keeps it
# from starting while we install (removed afterwards unless it was there before), and a service
# that started anyway is stopped. crosscheck runs them with configurations of its own, never this
# service's. (io.crosscheck.foreign.ForeignPackages does the same from Java when a study runs.)
ensure_study_servers() {
  local missing policy=/usr/sbin/policy-rc.d own_policy=
  missing=$(_cc_missing_pkgs lighttpd apache2)
  [ -z "$missing" ] && return 0
  if [ "$(id -u)" = 0 ] && [ ! -e "$policy" ]; then
    printf '#!/bin/sh\nexit 101\n' >"$policy" && chmod 755 "$policy" && own_policy=1
  fi
  ( _cc_install $missing ) || { [ -z "$own_policy" ] || rm -f "$policy"; exit 1; }
  [ -z "$own_policy" ] || rm -f "$policy"
  [ ! -e /run/apache2/apache2.pid ] || service apache2 stop >/dev/null 2>&1 || true
  [ ! -e /run/lighttpd.pid ] || service lighttpd stop >/dev/null 2>&1 || true
}

# Debian's chromium: the report test renders report.html headless (no network, file:// URL).
ensure_browser() {
  command -v chromium >/dev/null 2>&1 || _cc_install chromium
}

ensure_build_tools() {
  command -v java >/dev/null 2>&1 || [ -n "${JAVA_HOME:-}" ] || _cc_install openjdk-17-jdk-headless
  command -v mvn >/dev/null 2>&1 || _cc_install maven
}

# JVM options that silence JDK 24+ warnings about the native access Netty's epoll transport makes.
jvm_quiet_opts() { # JAVA_BIN
  local v
  v=$("$1" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.specification.version = //p')
  if [ "${v%%.*}" -ge 24 ] 2>/dev/null; then
    echo "--enable-native-access=ALL-UNNAMED --sun-misc-unsafe-memory-access=allow"
  fi
}
