package io.crosscheck.telemetry;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The procfs reads behind one {@link ServerSample}: the host's CPU per core and run queue ({@code
 * /proc/stat}, {@code /proc/loadavg}), the server's processes ({@code /proc/PID/stat} utime and
 * stime, {@code /proc/PID/status} Threads, VmRSS and Cpus_allowed_list), and the network counters
 * of the server's namespace ({@code /proc/PID/net/dev}, which shows the network namespace of PID:
 * a server in another namespace of this host is read from here, with no {@code setns}).
 *
 * <p>A network namespace's processes are those whose {@code /proc/PID/ns/net} names the inode of
 * {@code /run/netns/NAME} (what {@code ip netns pids NAME} lists), found again every {@link
 * #NETNS_RESCAN_READS} reads: a process started in it later joins within a second at 100 ms.
 *
 * <p>CPU times are in ticks of {@code USER_HZ} ({@link ProcCpu#clockTicksPerSecond()}): a process's
 * CPU over 100 ms is known to ±1 tick (0.1 core). A process read once only (new, or its pid reused:
 * a different start time) counts from its second read. Reads that fail (a process that exited) are
 * data: the process leaves the row. Single-threaded (the monitor's thread).
 */
final class ServerProc {
  /** Rescan a namespace's processes every this many reads. */
  static final int NETNS_RESCAN_READS = 10;
  private static final Path PROC = Paths.get("/proc");

  private final List<Long> fixedPids;
  private final String netns;
  private final long netnsInode;
  private final long ticksPerSecond = ProcCpu.clockTicksPerSecond();
  private final List<Long> nsPids = new ArrayList<>();
  private int reads;
  /** pid → {start time, utime, stime} at the previous read. */
  private Map<Long, long[]> previousTicks = new HashMap<>();
  private long[][] previousCores = new long[0][];
  private long previousHostBusy = -1;
  private long previousHostTotal = -1;
  final int cores;
  final List<String> interfaces;

  private ServerProc(List<Long> pids, String netns, long netnsInode) throws IOException {
    this.fixedPids = List.copyOf(pids);
    this.netns = netns;
    this.netnsInode = netnsInode;
    rescan();
    String stat = Files.readString(PROC.resolve("stat"), StandardCharsets.US_ASCII);
    int n = 0;
    while (stat.contains("\ncpu" + n + " ")) {
      n++;
    }
    this.cores = n;
    this.interfaces = List.copyOf(netDev().keySet());
  }

  /** The host alone (no server process). */
  static ServerProc host() throws IOException {
    return new ServerProc(List.of(), null, 0);
  }

  /** The host and these processes. */
  static ServerProc pids(List<Long> pids) throws IOException {
    return new ServerProc(pids, null, 0);
  }

  /**
   * The host and the processes of network namespace {@code name} ({@code ip netns add}'s {@code
   * /run/netns/NAME}).
   *
   * @throws IOException when there is no such namespace; the message says which file is missing
   */
  static ServerProc netns(String name) throws IOException {
    Path file = Paths.get("/run/netns").resolve(name);
    if (name.contains("/") || !Files.exists(file)) {
      throw new IOException("--server-netns " + name + ": no such network namespace (" + file + " is missing; "
          + "'ip netns list' names them)");
    }
    Object ino = Files.getAttribute(file, "unix:ino");
    return new ServerProc(List.of(), name, ((Number) ino).longValue());
  }

  /** The processes the current row reads. */
  List<Long> pids() {
    return netns != null ? List.copyOf(nsPids) : fixedPids;
  }

  boolean samplesServer() {
    return netns != null || !fixedPids.isEmpty();
  }

  String netnsName() {
    return netns;
  }

  private void rescan() {
    if (netns == null) {
      return;
    }
    nsPids.clear();
    String want = "net:[" + netnsInode + "]";
    try (DirectoryStream<Path> dirs = Files.newDirectoryStream(PROC)) {
      for (Path d : dirs) {
        String name = d.getFileName().toString();
        if (name.isEmpty() || !Character.isDigit(name.charAt(0))) {
          continue;
        }
        try {
          if (want.equals(Files.readSymbolicLink(d.resolve("ns/net")).toString())) {
            nsPids.add(Long.parseLong(name));
          }
        } catch (IOException | RuntimeException e) {
          // exited, or not ours to read: not in the namespace for this scan
        }
      }
    } catch (IOException e) {
      // procfs unreadable: no process this scan
    }
    nsPids.sort(null);
  }

  /**
   * Reads everything for one row, stamped with {@code epochMicros} and {@code nanos} (taken by the
   * caller just before), over {@code intervalNanos} since the previous read.
   */
  ServerSample read(long epochMicros, long nanos, long intervalNanos) {
    if (netns != null && ++reads % NETNS_RESCAN_READS == 0) {
      rescan();
    }
    String stat = readOrNull(PROC.resolve("stat"));
    double hostBusy = Double.NaN;
    List<Double> coreBusy = new ArrayList<>(cores);
    int running = -1;
    int blocked = -1;
    long[][] now = new long[cores][];
    if (stat != null) {
      for (String line : stat.split("\n")) {
        if (line.startsWith("cpu ")) {
          long[] bt = busyTotal(line);
          if (bt != null && previousHostTotal >= 0 && bt[1] > previousHostTotal) {
            hostBusy = (double) (bt[0] - previousHostBusy) / (bt[1] - previousHostTotal);
          }
          if (bt != null) {
            previousHostBusy = bt[0];
            previousHostTotal = bt[1];
          }
        } else if (line.startsWith("cpu")) {
          int space = line.indexOf(' ');
          try {
            int c = Integer.parseInt(line.substring(3, space));
            if (c < cores) {
              now[c] = busyTotal(line);
            }
          } catch (RuntimeException e) {
            // not a cpuN line
          }
        } else if (line.startsWith("procs_running ")) {
          running = parseIntOr(line.substring(14).trim(), -1);
        } else if (line.startsWith("procs_blocked ")) {
          blocked = parseIntOr(line.substring(14).trim(), -1);
        }
      }
    }
    for (int c = 0; c < cores; c++) {
      long[] p = c < previousCores.length ? previousCores[c] : null;
      coreBusy.add(p != null && now[c] != null && now[c][1] > p[1]
          ? (double) (now[c][0] - p[0]) / (now[c][1] - p[1]) : Double.NaN);
    }
    previousCores = now;
    double load = Double.NaN;
    String loadavg = readOrNull(PROC.resolve("loadavg"));
    if (loadavg != null) {
      try {
        load = Double.parseDouble(loadavg.substring(0, loadavg.indexOf(' ')));
      } catch (RuntimeException e) {
        // malformed: unavailable
      }
    }
    int processes = -1;
    double user = Double.NaN;
    double sys = Double.NaN;
    int threads = 0;
    long rss = 0;
    BitSet allowed = new BitSet();
    Map<Long, long[]> ticks = new HashMap<>();
    if (samplesServer()) {
      processes = 0;
      long userTicks = 0;
      long sysTicks = 0;
      for (long pid : pids()) {
        long[] t = processTicks(pid);
        String status = readOrNull(PROC.resolve(Long.toString(pid)).resolve("status"));
        if (t == null || status == null || exiting(status)) {
          continue; // exited, or exiting: a zombie whose threads are being torn down is no longer a server
        }
        processes++;
        ticks.put(pid, t);
        long[] before = previousTicks.get(pid);
        if (before != null && before[0] == t[0]) { // same process (same start time)
          userTicks += t[1] - before[1];
          sysTicks += t[2] - before[2];
        }
        threads += (int) statusNumber(status, "Threads:");
        long rssKb = statusNumber(status, "VmRSS:");
        rss += Math.max(0, rssKb) * 1024;
        cpuList(statusValue(status, "Cpus_allowed_list:"), allowed);
      }
      if (processes > 0 && intervalNanos > 0) {
        double seconds = intervalNanos / 1e9;
        user = userTicks / (double) ticksPerSecond / seconds;
        sys = sysTicks / (double) ticksPerSecond / seconds;
      }
    }
    previousTicks = ticks;
    List<ServerSample.InterfaceCounters> net = new ArrayList<>(netDev().values());
    return new ServerSample(epochMicros, nanos, intervalNanos / 1_000, hostBusy, cores, running, blocked, load,
        processes, user, sys, threads, rss, allowed.cardinality(), coreBusy, net);
  }

  /**
   * Whether /proc/PID/status says the process has exited but not been reaped ({@code State: Z},
   * zombie, or {@code X}, dead): its thread count and memory are those of its teardown.
   */
  static boolean exiting(String status) {
    String state = statusValue(status, "State:");
    return state != null && (state.startsWith("Z") || state.startsWith("X"));
  }

  /** {busy, total} ticks of a {@code cpu} line: busy = user+nice+system+irq+softirq+steal, idle = idle+iowait. */
  private static long[] busyTotal(String line) {
    String[] f = line.trim().split("\\s+");
    if (f.length < 5) {
      return null;
    }
    long busy = 0;
    long idle = 0;
    for (int i = 1; i < f.length && i <= 8; i++) {
      long v;
      try {
        v = Long.parseLong(f[i]);
      } catch (NumberFormatException e) {
        return null;
      }
      if (i == 4 || i == 5) {
        idle += v;
      } else {
        busy += v;
      }
    }
    return new long[] {busy, busy + idle};
  }

  /** {start time, utime, stime} of {@code pid} in ticks ({@code /proc/PID/stat} 22, 14, 15); null when gone. */
  private static long[] processTicks(long pid) {
    String s = readOrNull(PROC.resolve(Long.toString(pid)).resolve("stat"));
    if (s == null) {
      return null;
    }
    int close = s.lastIndexOf(')'); // the command may hold spaces and parentheses
    if (close < 0) {
      return null;
    }
    String[] f = s.substring(close + 2).trim().split(" "); // f[0] is field 3 (state)
    try {
      return new long[] {Long.parseLong(f[22 - 3]), Long.parseLong(f[14 - 3]), Long.parseLong(f[15 - 3])};
    } catch (RuntimeException e) {
      return null;
    }
  }

  /** The interfaces of the server's namespace (the first live server process's; this process's without one). */
  private Map<String, ServerSample.InterfaceCounters> netDev() {
    String text = null;
    for (long pid : pids()) {
      text = readOrNull(PROC.resolve(Long.toString(pid)).resolve("net/dev"));
      if (text != null) {
        break;
      }
    }
    if (text == null && !samplesServer()) {
      text = readOrNull(PROC.resolve("self/net/dev"));
    }
    Map<String, ServerSample.InterfaceCounters> out = new LinkedHashMap<>();
    if (text == null) {
      return out;
    }
    for (String line : text.split("\n")) {
      int colon = line.indexOf(':');
      if (colon < 0 || line.contains("|")) {
        continue; // the two header lines
      }
      String name = line.substring(0, colon).trim();
      String[] f = line.substring(colon + 1).trim().split("\\s+");
      if (name.contains(",") || f.length < 12) {
        continue; // a comma would break the CSV
      }
      try {
        out.put(name, new ServerSample.InterfaceCounters(name, Long.parseLong(f[0]), Long.parseLong(f[1]),
            Long.parseLong(f[3]), Long.parseLong(f[8]), Long.parseLong(f[9]), Long.parseLong(f[11])));
      } catch (NumberFormatException e) {
        // malformed line: absent in this row
      }
    }
    return out;
  }

  private static String statusValue(String status, String key) {
    int i = status.indexOf("\n" + key);
    if (i < 0) {
      return null;
    }
    int start = i + 1 + key.length();
    int end = status.indexOf('\n', start);
    return status.substring(start, end < 0 ? status.length() : end).trim();
  }

  private static long statusNumber(String status, String key) {
    String v = statusValue(status, key);
    if (v == null) {
      return -1;
    }
    int space = v.indexOf(' ');
    try {
      return Long.parseLong(space < 0 ? v : v.substring(0, space));
    } catch (NumberFormatException e) {
      return -1;
    }
  }

  /** Adds a {@code Cpus_allowed_list} ("0-3,6") to {@code into}. */
  static void cpuList(String list, BitSet into) {
    if (list == null || list.isEmpty()) {
      return;
    }
    for (String part : list.split(",")) {
      try {
        int dash = part.indexOf('-');
        int from = Integer.parseInt((dash < 0 ? part : part.substring(0, dash)).trim());
        int to = dash < 0 ? from : Integer.parseInt(part.substring(dash + 1).trim());
        if (from >= 0 && to >= from && to < 65_536) {
          into.set(from, to + 1);
        }
      } catch (NumberFormatException e) {
        // malformed part: left out
      }
    }
  }

  private static int parseIntOr(String s, int or) {
    try {
      return Integer.parseInt(s);
    } catch (NumberFormatException e) {
      return or;
    }
  }

  private static String readOrNull(Path p) {
    try {
      return new String(Files.readAllBytes(p), StandardCharsets.ISO_8859_1);
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }
}
