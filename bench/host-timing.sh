#!/usr/bin/env bash
# bench/host-timing.sh - the bounds on how fast and how punctual this host is, asserted (a bench
# script: run it on a quiet host, nothing else on the cores). In ./run-tests the same tests assert
# only what holds under any load (a lower bound, a count, an order) and print these bounds as
# "[host timing]" figure lines; here -Dcrosscheck.hostTiming=strict makes them assertions
# (io.crosscheck.HostTiming):
#   WanNetworkTest         a class's connect and ping medians within +10 % of its rtt; 1 MB up at
#                          8 mbit/s under 1150 ms, down at 16 mbit/s under 575 ms; at most 10 frames
#                          leave an 8 kbit/s class during a 1,500-datagram burst
#   ClockCalibrationTest   the calibration's uncertainty below 1 ms
#   TelemetryRecorderTest  8 to 13 rows for ~1 s at 100 ms; at 50 ms, the median gap within 2 ms of
#                          the period and 3/4 of the ticks within 5 ms of their instant
# Exit status: Maven's (0 when every bound held).
#
#   bench/host-timing.sh [MAVEN_ARG...]
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
exec mvn -B -ntp -pl harness -am verify -Djazzer.skip=true -Dsurefire.failIfNoSpecifiedTests=false \
  -Dtest='WanNetworkTest,ClockCalibrationTest,TelemetryRecorderTest' -Dcrosscheck.hostTiming=strict "$@"
