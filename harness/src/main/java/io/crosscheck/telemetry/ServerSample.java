package io.crosscheck.telemetry;

import java.util.List;

/**
 * One row of server-telemetry.csv ({@link ServerTelemetryCsv}): the server host's state at one
 * instant and its rates over the interval that ended there (from the previous row; the monitor's
 * first row covers one period from its baseline read). Written by {@link ServerMonitor}, on the
 * spine beside the generator's {@link TelemetrySample}, but sampled on the server's host and joined
 * to a run by the wall clock ({@code sampleEpochMicros}), never by {@code sampleNanos}.
 *
 * <p>Unavailable values are data: a {@code double} is NaN, a count is -1 (an empty CSV cell).
 *
 * @param sampleEpochMicros wall-clock instant of the sample (the sampling host's {@code
 *     CLOCK_REALTIME}), µs since the epoch
 * @param sampleNanos monotonic instant of the same sample ({@code System.nanoTime()} of the
 *     monitor: {@code CLOCK_MONOTONIC}, shared by every process of that host, meaningless on another)
 * @param intervalMicros the interval the rates cover, monotonic µs
 * @param hostCpuBusyFraction busy share of all the host's cores over the interval (0..1, {@code
 *     /proc/stat} "cpu": user+nice+system+irq+softirq+steal over all but guest)
 * @param hostCores cores listed in {@code /proc/stat} when the monitor started
 * @param procsRunning runnable tasks at the sample ({@code /proc/stat procs_running}, the run queue
 *     including those on a CPU)
 * @param procsBlocked tasks blocked on I/O ({@code procs_blocked})
 * @param loadAverage1 the 1-minute load average ({@code /proc/loadavg})
 * @param serverProcesses server processes read in this row (-1 when the monitor samples no
 *     server; 0 when they are all gone)
 * @param serverCpuUserCores their user CPU over the interval, cores ({@code /proc/PID/stat}
 *     utime, summed over processes)
 * @param serverCpuSysCores their system CPU over the interval, cores (stime)
 * @param serverThreads their threads at the sample ({@code /proc/PID/status Threads})
 * @param serverRssBytes their resident memory at the sample ({@code VmRSS}, summed)
 * @param serverCpusAllowed cores the server may run on ({@code Cpus_allowed_list}, the union over
 *     its processes)
 * @param coreBusyFractions per core ({@code cpu0}, {@code cpu1}...), busy share over the interval;
 *     NaN where a core was offline
 * @param network per interface of the server's network namespace, the kernel's cumulative counters
 *     at the sample ({@code /proc/PID/net/dev})
 */
public record ServerSample(
    long sampleEpochMicros,
    long sampleNanos,
    long intervalMicros,
    double hostCpuBusyFraction,
    int hostCores,
    int procsRunning,
    int procsBlocked,
    double loadAverage1,
    int serverProcesses,
    double serverCpuUserCores,
    double serverCpuSysCores,
    int serverThreads,
    long serverRssBytes,
    int serverCpusAllowed,
    List<Double> coreBusyFractions,
    List<InterfaceCounters> network) {

  public ServerSample {
    coreBusyFractions = List.copyOf(coreBusyFractions);
    network = List.copyOf(network);
  }

  /** The server's user plus system CPU over the interval, cores; NaN when no server was read. */
  public double serverCpuCores() {
    return serverProcesses > 0 ? serverCpuUserCores + serverCpuSysCores : Double.NaN;
  }

  /**
   * One interface's cumulative counters ({@code /proc/net/dev}: receive bytes, packets, drop; transmit
   * bytes, packets, drop); -1 when the interface was not present in this row.
   */
  public record InterfaceCounters(String name, long rxBytes, long rxPackets, long rxDroppedPackets, long txBytes,
      long txPackets, long txDroppedPackets) {}
}
