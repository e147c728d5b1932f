package io.crosscheck.telemetry;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * Samples the server host's pressure ({@link ServerSample}: host CPU per core, run queue, the
 * server's CPU, threads and memory, its namespace's network counters) every period into
 * server-telemetry.csv ({@link ServerTelemetryCsv}). Runs on the server's host: in {@code crosscheck
 * monitor} there, or in the audit's own JVM when the server runs on this machine ({@code audit
 * --server-pid}, {@code --server-netns}). Each row is stamped with the wall clock (to be joined to a
 * run from another host) and the monotonic clock, and flushed as it is written: a SIGKILL loses at
 * most the line being written.
 *
 * <p>The sampler is a daemon thread ticking at fixed rate on {@link System#nanoTime()}; a late tick
 * is taken late and missed ticks are skipped and counted (each row's rates use its real interval).
 * Cost: a handful of procfs reads per row (a few hundred µs of CPU, a few KB of garbage), plus a
 * scan of {@code /proc/*}{@code /ns/net} every second with {@code --server-netns}.
 *
 * <p>Thread-safety: {@link #stop} may be called from any thread (a shutdown hook too) and is
 * idempotent.
 */
public final class ServerMonitor implements AutoCloseable {
  /** The default sampling period: 100 ms. */
  public static final long DEFAULT_PERIOD_NANOS = TimeUnit.MILLISECONDS.toNanos(100);

  private final ServerProc proc;
  private final long periodNanos;
  private final CsvRowFile file;
  private final FixedRateSampler sampler;
  private final long startNanos;
  private Summary summary;

  /** The shortest interval stop() writes a last row for: two of /proc's 10 ms CPU ticks. */
  static final long LAST_ROW_MIN_NANOS = TimeUnit.MILLISECONDS.toNanos(20);
  // sampler-thread state, handed to stop() by Thread.join
  private long lastNanos;
  private final Totals totals = new Totals();

  private ServerMonitor(ServerProc proc, long periodNanos, CsvRowFile file) {
    this.proc = proc;
    this.periodNanos = periodNanos;
    this.file = file;
    this.startNanos = System.nanoTime();
    proc.read(epochMicros(), startNanos, 0); // the baseline every rate counts from
    this.lastNanos = startNanos;
    this.sampler = new FixedRateSampler("crosscheck-server-monitor", startNanos, periodNanos, this::sample);
  }

  /** What to sample besides the host: nothing, these processes, or a network namespace's processes. */
  public record Selection(List<Long> pids, String netns) {
    public Selection {
      pids = List.copyOf(pids);
    }

    public static Selection hostOnly() {
      return new Selection(List.of(), null);
    }

    /** In words, for summaries and evidence. */
    public String describe() {
      if (netns != null) {
        return "the processes of network namespace " + netns;
      }
      if (pids.isEmpty()) {
        return "the host alone (no server process)";
      }
      return (pids.size() == 1 ? "process " : "processes ") + pids.toString().replaceAll("[\\[\\]]", "");
    }
  }

  /**
   * Checks the selection and starts sampling into {@code csv} (created or truncated; its header is
   * written at once).
   *
   * @throws IOException when a process or the namespace does not exist (the message names it), or
   *     the file cannot be created
   */
  public static ServerMonitor start(Path csv, Selection selection, long periodNanos) throws IOException {
    if (periodNanos < TimeUnit.MILLISECONDS.toNanos(1)) {
      throw new IllegalArgumentException("periodNanos: " + periodNanos + " (expected >= 1000000, 1 ms)");
    }
    for (long pid : selection.pids()) {
      if (!Files.isDirectory(Path.of("/proc", Long.toString(pid)))) {
        throw new IOException("--pid " + pid + ": no such process on this host (/proc/" + pid + " is missing)");
      }
    }
    ServerProc proc = selection.netns() != null ? ServerProc.netns(selection.netns())
        : selection.pids().isEmpty() ? ServerProc.host() : ServerProc.pids(selection.pids());
    if (selection.netns() != null && proc.pids().isEmpty()) {
      throw new IOException("--server-netns " + selection.netns() + ": no process runs in it ('ip netns pids "
          + selection.netns() + "' is empty): start the server first");
    }
    CsvRowFile file = CsvRowFile.create(csv, ServerTelemetryCsv.header(proc.cores, proc.interfaces), 512);
    try {
      ServerMonitor m = new ServerMonitor(proc, periodNanos, file);
      m.sampler.start();
      return m;
    } catch (RuntimeException e) {
      file.close();
      throw e;
    }
  }

  /** The file being written. */
  public Path csv() {
    return file.path();
  }

  /** The cores and interfaces the file's columns name. */
  public String columns() {
    return proc.cores + " cores, interfaces " + String.join(" ", proc.interfaces);
  }

  private static long epochMicros() {
    Instant now = Instant.now();
    return now.getEpochSecond() * 1_000_000L + now.getNano() / 1_000;
  }

  private void sample(long nowNanos) {
    ServerSample s = proc.read(epochMicros(), nowNanos, nowNanos - lastNanos);
    lastNanos = nowNanos;
    totals.add(s);
    ServerTelemetryCsv.appendRow(file.newRow(), s, proc.cores, proc.interfaces);
    file.writeRow();
  }

  /**
   * Stops sampling, writes a last row (when at least {@link #LAST_ROW_MIN_NANOS} passed since the
   * previous: /proc's CPU counters move in 10 ms ticks, so a shorter row would read 0 CPU or an
   * unknown host share), closes the file.
   */
  public synchronized Summary stop() {
    if (summary != null) {
      return summary;
    }
    List<String> problems = new ArrayList<>();
    if (!sampler.stop()) {
      problems.add(FixedRateSampler.NOT_STOPPED);
    } else {
      long now = System.nanoTime();
      if (now - lastNanos >= LAST_ROW_MIN_NANOS) {
        sample(now);
      }
    }
    file.close();
    addIfAny(problems, file.problem());
    addIfAny(problems, sampler.skippedProblem());
    if (totals.serverGoneRows > 0) {
      problems.add(totals.serverGoneRows + " rows found no server process (it had exited)");
    }
    summary = new Summary(file.path(), totals.rows, (lastNanos - startNanos) / 1e9, periodNanos, proc.samplesServer(),
        totals.cpu.mean(), totals.cpuMax, totals.threadsMax, totals.rssMax, totals.host.mean(), proc.cores,
        problems);
    return summary;
  }

  private static void addIfAny(List<String> problems, String problem) {
    if (problem != null) {
      problems.add(problem);
    }
  }

  @Override
  public void close() {
    stop();
  }

  /**
   * What a monitor recorded.
   *
   * @param serverCpuCoresMean the server's mean CPU (user + system), cores, weighted by interval; NaN without one
   * @param serverCpuCoresMax its largest row
   * @param serverThreadsMax most threads in a row (-1 without a server)
   * @param serverRssMaxBytes most resident memory in a row (-1 without a server)
   * @param hostCpuBusyFractionMean the host's mean busy share of all cores
   */
  public record Summary(Path csv, long rows, double seconds, long periodNanos, boolean server,
      double serverCpuCoresMean, double serverCpuCoresMax, int serverThreadsMax, long serverRssMaxBytes,
      double hostCpuBusyFractionMean, int hostCores, List<String> problems) {
    public Summary {
      problems = List.copyOf(problems);
    }

    /** One line: rows, span, the server's CPU, threads and memory, the host's CPU, problems. */
    public String line() {
      String server = !this.server ? "no server process sampled"
          : Double.isNaN(serverCpuCoresMean) ? "server: no row read its processes"
          : String.format(Locale.ROOT, "server CPU mean %.2f cores (max %.2f), threads max %d, RSS max %.1f MiB",
              serverCpuCoresMean, serverCpuCoresMax, serverThreadsMax, serverRssMaxBytes / 1048576.0);
      return String.format(Locale.ROOT, "%,d rows over %.1f s every %d ms in %s; %s; host CPU mean %s of %d cores%s",
          rows, seconds, TimeUnit.NANOSECONDS.toMillis(periodNanos), csv, server,
          Double.isNaN(hostCpuBusyFractionMean) ? "unknown"
              : String.format(Locale.ROOT, "%.1f %%", hostCpuBusyFractionMean * 100), hostCores,
          problems.isEmpty() ? "" : "; " + String.join("; ", problems));
    }
  }

  /** Running totals over the rows. */
  private static final class Totals {
    long rows;
    long serverGoneRows;
    double cpuMax = Double.NaN;
    int threadsMax = -1;
    long rssMax = -1;
    final WeightedMean cpu = new WeightedMean();
    final WeightedMean host = new WeightedMean();

    void add(ServerSample s) {
      rows++;
      double w = s.intervalMicros();
      if (s.serverProcesses() == 0) {
        serverGoneRows++;
      }
      double c = s.serverCpuCores();
      if (!Double.isNaN(c)) {
        cpu.add(c, w);
        cpuMax = Double.isNaN(cpuMax) ? c : Math.max(cpuMax, c);
        threadsMax = Math.max(threadsMax, s.serverThreads());
        rssMax = Math.max(rssMax, s.serverRssBytes());
      }
      host.add(s.hostCpuBusyFraction(), w);
    }
  }
}
