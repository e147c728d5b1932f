package io.crosscheck.telemetry;

import io.crosscheck.record.MalformedInputException;
import io.crosscheck.text.CsvFormatException;
import io.crosscheck.text.CsvRows;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The server-telemetry.csv format that {@code crosscheck monitor} (and {@code audit --server-pid})
 * writes on the server's host: writer helpers for {@link ServerMonitor} and the reader that {@code
 * compare --server-telemetry} joins to a run by the wall clock.
 *
 * <p>Format: UTF-8, {@code \n} line ends, one header line, then one row per {@link ServerSample}
 * in the order taken. The header starts with exactly {@link #FIXED_HEADER}, whose fields are, in
 * order (the units are in the names; see {@link ServerSample} for each):
 *
 * <ol>
 *   <li>{@code sampleEpochMicros} — integer, wall clock of the sampling host, µs since the epoch
 *   <li>{@code sampleNanos} — integer, that host's monotonic clock
 *   <li>{@code intervalMicros} — integer, the interval the rates cover
 *   <li>{@code hostCpuBusyFraction} — decimal (4 places), 0..1 of all cores
 *   <li>{@code hostCores}, {@code procsRunning}, {@code procsBlocked} — integers
 *   <li>{@code loadAverage1} — decimal
 *   <li>{@code serverProcesses} — integer; the five server columns after it are empty when it is
 *       empty (no server sampled) or 0 (the server is gone)
 *   <li>{@code serverCpuUserCores}, {@code serverCpuSysCores} — decimals (4 places), cores
 *   <li>{@code serverThreads}, {@code serverRssBytes}, {@code serverCpusAllowed} — integers
 * </ol>
 *
 * then one {@code cpuNBusyFraction} column per core of the host (decimal, 0..1, empty when the
 * core was offline), then six columns per network interface of the server's namespace, named
 * {@code IFACE:rxBytes}, {@code IFACE:rxPackets}, {@code IFACE:rxDroppedPackets}, {@code
 * IFACE:txBytes}, {@code IFACE:txPackets}, {@code IFACE:txDroppedPackets} (integers, the kernel's
 * cumulative counters, empty when the interface was absent in that row). The cores and interfaces
 * are those present when the monitor started.
 *
 * <p>Numbers never use a locale. The writer flushes every row, so a killed monitor leaves at most a
 * partial last line, which {@link #read} drops.
 *
 * <p>Thread-safety: stateless.
 */
public final class ServerTelemetryCsv {
  /** The file name in a run directory and in {@code monitor --out DIR}. */
  public static final String FILE = "server-telemetry.csv";

  /** The first columns of every header (without a line end). */
  public static final String FIXED_HEADER = "sampleEpochMicros,sampleNanos,intervalMicros,hostCpuBusyFraction,"
      + "hostCores,procsRunning,procsBlocked,loadAverage1,serverProcesses,serverCpuUserCores,serverCpuSysCores,"
      + "serverThreads,serverRssBytes,serverCpusAllowed";

  private static final int FIXED = 14;
  private static final String[] NET_SUFFIXES = {"rxBytes", "rxPackets", "rxDroppedPackets", "txBytes", "txPackets",
      "txDroppedPackets"};

  private ServerTelemetryCsv() {}

  /** The header for {@code cores} cores and these interfaces. */
  static String header(int cores, List<String> interfaces) {
    StringBuilder h = new StringBuilder(FIXED_HEADER);
    for (int c = 0; c < cores; c++) {
      h.append(",cpu").append(c).append("BusyFraction");
    }
    for (String i : interfaces) {
      for (String s : NET_SUFFIXES) {
        h.append(',').append(i).append(':').append(s);
      }
    }
    return h.toString();
  }

  /** Appends one row (with its line end); {@code cores} and {@code interfaces} as in the header. */
  static void appendRow(StringBuilder out, ServerSample s, int cores, List<String> interfaces) {
    out.append(s.sampleEpochMicros()).append(',').append(s.sampleNanos()).append(',').append(s.intervalMicros())
        .append(',');
    TelemetryCsv.appendFixed4(out, s.hostCpuBusyFraction());
    out.append(',').append(s.hostCores()).append(',').append(s.procsRunning()).append(',').append(s.procsBlocked())
        .append(',');
    TelemetryCsv.appendFixed4(out, s.loadAverage1());
    out.append(',');
    if (s.serverProcesses() >= 0) {
      out.append(s.serverProcesses());
    }
    boolean server = s.serverProcesses() > 0;
    out.append(',');
    if (server) {
      TelemetryCsv.appendFixed4(out, s.serverCpuUserCores());
    }
    out.append(',');
    if (server) {
      TelemetryCsv.appendFixed4(out, s.serverCpuSysCores());
    }
    out.append(',');
    if (server) {
      out.append(s.serverThreads());
    }
    out.append(',');
    if (server) {
      out.append(s.serverRssBytes());
    }
    out.append(',');
    if (server && s.serverCpusAllowed() > 0) {
      out.append(s.serverCpusAllowed());
    }
    for (int c = 0; c < cores; c++) {
      out.append(',');
      if (c < s.coreBusyFractions().size()) {
        TelemetryCsv.appendFixed4(out, s.coreBusyFractions().get(c));
      }
    }
    for (String name : interfaces) {
      ServerSample.InterfaceCounters n = null;
      for (ServerSample.InterfaceCounters i : s.network()) {
        if (i.name().equals(name)) {
          n = i;
          break;
        }
      }
      long[] v = n == null ? null
          : new long[] {n.rxBytes(), n.rxPackets(), n.rxDroppedPackets(), n.txBytes(), n.txPackets(),
              n.txDroppedPackets()};
      for (int k = 0; k < NET_SUFFIXES.length; k++) {
        out.append(',');
        if (v != null && v[k] >= 0) {
          out.append(v[k]);
        }
      }
    }
    out.append('\n');
  }

  /**
   * Reads a server-telemetry.csv. A final line without its line end (a monitor killed mid-write) is
   * dropped.
   *
   * @throws MalformedInputException naming the file (and line, field and column name) when it is
   *     missing, empty, not this format (another tool's CSV: its header says so), or a complete row is
   *     malformed
   * @throws IOException when it cannot be read
   */
  public static List<ServerSample> read(Path csv) throws IOException {
    try (BufferedReader in = Files.newBufferedReader(csv, StandardCharsets.UTF_8)) {
      return read(csv, new CsvRows(in, csv.toString()));
    } catch (NoSuchFileException e) {
      throw new MalformedInputException(csv + ": no such file (expected a " + FILE + " written by 'crosscheck"
          + " monitor')");
    } catch (java.nio.charset.MalformedInputException e) {
      throw new MalformedInputException(csv + ": not UTF-8 text (expected a " + FILE + " written by 'crosscheck"
          + " monitor')");
    } catch (CsvFormatException e) {
      throw new MalformedInputException(e.getMessage(), e);
    }
  }

  private static List<ServerSample> read(Path csv, CsvRows r) throws IOException {
    if (!r.next() || !r.endedWithLineEnd()) {
      throw new MalformedInputException(csv + ":1: " + (r.fieldCount() == 0 ? "empty" : "no complete header line")
          + " (expected a header starting \"" + FIXED_HEADER + "\", written by 'crosscheck monitor')");
    }
    String[] names = r.texts().toArray(new String[0]);
    String headerLine = String.join(",", names);
    if (!headerLine.equals(FIXED_HEADER) && !headerLine.startsWith(FIXED_HEADER + ",")) {
      String shown = headerLine.length() > 80 ? headerLine.substring(0, 80) + "..." : headerLine;
      throw new MalformedInputException(csv + ":1: header \"" + shown + "\" is not a crosscheck monitor CSV"
          + " (expected it to start \"" + FIXED_HEADER + "\", written by 'crosscheck monitor')");
    }
    int cores = 0;
    while (FIXED + cores < names.length && names[FIXED + cores].equals("cpu" + cores + "BusyFraction")) {
      cores++;
    }
    int netStart = FIXED + cores;
    if ((names.length - netStart) % NET_SUFFIXES.length != 0) {
      throw new MalformedInputException(csv + ":1: column " + (netStart + 1) + " \"" + names[netStart]
          + "\": expected cpuNBusyFraction or IFACE:rxBytes... (six columns per interface)");
    }
    List<String> interfaces = new ArrayList<>();
    for (int c = netStart; c < names.length; c += NET_SUFFIXES.length) {
      int colon = names[c].lastIndexOf(':');
      String iface = colon > 0 ? names[c].substring(0, colon) : "";
      for (int k = 0; k < NET_SUFFIXES.length; k++) {
        if (!names[c + k].equals(iface + ":" + NET_SUFFIXES[k]) || iface.isEmpty()) {
          throw new MalformedInputException(csv + ":1: column " + (c + k + 1) + " \"" + names[c + k] + "\": expected \""
              + (iface.isEmpty() ? "IFACE" : iface) + ":" + NET_SUFFIXES[k] + "\"");
        }
      }
      interfaces.add(iface);
    }
    List<ServerSample> rows = new ArrayList<>();
    while (r.next() && r.endedWithLineEnd()) { // a partial last row: the monitor was stopped mid-row
      rows.add(parse(csv, r.line(), r.texts().toArray(new String[0]), names, cores, interfaces));
    }
    return rows;
  }

  private static ServerSample parse(Path csv, int lineNo, String[] f, String[] names, int cores,
      List<String> interfaces) throws MalformedInputException {
    if (f.length != names.length) {
      throw new MalformedInputException(csv + ":" + lineNo + ": " + f.length + " fields (expected " + names.length
          + ", as the header)");
    }
    Fields p = new Fields(csv, lineNo, f, names);
    int processes = p.integer(8, -1);
    boolean server = processes > 0;
    List<Double> coreBusy = new ArrayList<>(cores);
    for (int c = 0; c < cores; c++) {
      coreBusy.add(p.decimal(FIXED + c));
    }
    List<ServerSample.InterfaceCounters> net = new ArrayList<>(interfaces.size());
    for (int i = 0; i < interfaces.size(); i++) {
      int c = FIXED + cores + i * NET_SUFFIXES.length;
      net.add(new ServerSample.InterfaceCounters(interfaces.get(i), p.count(c), p.count(c + 1), p.count(c + 2),
          p.count(c + 3), p.count(c + 4), p.count(c + 5)));
    }
    long epochMicros = p.count(0);
    long nanos = p.count(1);
    if (epochMicros < 0 || f[1].isEmpty()) {
      throw new MalformedInputException(csv + ":" + lineNo + ": field 1 (sampleEpochMicros) or 2 (sampleNanos)"
          + " is empty (every row is stamped)");
    }
    return new ServerSample(epochMicros, nanos, p.count(2), p.decimal(3), p.integer(4, -1), p.integer(5, -1),
        p.integer(6, -1), p.decimal(7), processes, server ? p.decimal(9) : Double.NaN,
        server ? p.decimal(10) : Double.NaN, server ? p.integer(11, -1) : -1, server ? p.count(12) : -1,
        server ? p.integer(13, -1) : -1, coreBusy, net);
  }

  /** One row's fields, parsed with errors that name the line, the field and its column. */
  private record Fields(Path csv, int lineNo, String[] f, String[] names) {
    double decimal(int i) throws MalformedInputException {
      if (f[i].isEmpty()) {
        return Double.NaN;
      }
      try {
        return Double.parseDouble(f[i]);
      } catch (NumberFormatException e) {
        throw bad(i);
      }
    }

    long count(int i) throws MalformedInputException {
      if (f[i].isEmpty()) {
        return -1;
      }
      try {
        return Long.parseLong(f[i]);
      } catch (NumberFormatException e) {
        throw bad(i);
      }
    }

    int integer(int i, int empty) throws MalformedInputException {
      if (f[i].isEmpty()) {
        return empty;
      }
      try {
        return Integer.parseInt(f[i]);
      } catch (NumberFormatException e) {
        throw bad(i);
      }
    }

    private MalformedInputException bad(int i) {
      String v = f[i].length() > 40 ? f[i].substring(0, 40) + "..." : f[i];
      return new MalformedInputException(csv + ":" + lineNo + ": field " + (i + 1) + " (" + names[i] + "): \"" + v
          + "\" is not a number");
    }
  }
}
