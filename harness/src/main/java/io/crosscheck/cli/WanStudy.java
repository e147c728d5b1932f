package io.crosscheck.cli;

import io.crosscheck.child.ChildJvm;
import io.crosscheck.child.ChildProcess;
import io.crosscheck.foreign.ForeignServer;
import io.crosscheck.foreign.ForeignServerSpec;
import io.crosscheck.model.spec.Problem;
import io.crosscheck.record.JsonFiles;
import io.crosscheck.run.ChildRun;
import io.crosscheck.wan.WanNetwork;
import io.crosscheck.wan.WanProfile;
import io.crosscheck.wire.WireCsv;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/**
 * {@code crosscheck study wan}: one server behind emulated WAN links, swept over RTT and loss. Every
 * cell builds its own network ({@link WanNetwork}: a client and a server namespace joined by an
 * emulated link), starts the server in the server namespace on 127.0.0.1 and runs a whole {@code
 * crosscheck audit} in the client namespace, capturing on the client's interface there: the
 * capture point stays the client's wire and the clocks are the host's. Each client class (a
 * {@code --wan} profile) has its own source address. Afterwards the handshakes in the cell's
 * capture give each class's measured RTT beside the configured one ({@code wan.json}).
 */
@Command(
    name = "wan",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    description = {
      "A server behind emulated WAN links, swept over RTT and loss. Every cell: a network of two namespaces"
          + " (client, server) made for the cell and removed after it (also after a failure or Ctrl-C), the"
          + " server on 127.0.0.1 in one, a whole 'crosscheck audit' in the other capturing on the client's"
          + " interface, each client class (--wan, repeatable) on its own source address 127.0.0.(2+i).",
      "Profiles: rtt=40ms,rate=10mbit,loss=0.5%%,mtu=576 (also up=/down= for asymmetric rates). Without --wan:"
          + " one class swept over --rtt 10ms,40ms,160ms x --loss 0%%,2%%; with --wan: only the lists given sweep"
          + " (each level sets that key in every class).",
      "Reports per level the transaction rate (matched pairs per measured second) and the wire response times"
          + " (median, mean, p95 over the matched pairs, capture clock), and per class the handshake RTT measured"
          + " in the capture against the configured one. Needs root."
    })
final class WanStudy implements Callable<Integer> {
  @Mixin AuditCommand.CaptureOptions capture = new AuditCommand.CaptureOptions();
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Option(names = "--server", paramLabel = "KIND", description = "lighttpd or apache-prefork. Default: ${DEFAULT-VALUE}.")
  String server = FlashCrowdStudy.LIGHTTPD;

  @Option(names = "--wan", paramLabel = "PROFILE", description = "A client class's link, repeatable (see above).")
  List<String> profiles = new ArrayList<>();

  @Option(names = "--rtt", paramLabel = "LIST", split = ",", description = "RTT levels, e.g. 10ms,40ms,160ms.")
  List<String> rtts;

  @Option(names = "--loss", paramLabel = "LIST", split = ",", description = "Loss levels in percent, e.g. 0%%,2%%.")
  List<String> losses;

  @Option(names = "--users", paramLabel = "N", description = "Closed users per cell. Default: ${DEFAULT-VALUE}.")
  int users = 20;

  @Option(names = "--think", paramLabel = "SPEC", description = "Think time. Default: ${DEFAULT-VALUE}.")
  String think = "exp:500ms";

  @Option(names = "--ramp-up", paramLabel = "DURATION", description = "Not measured. Default: ${DEFAULT-VALUE}.")
  String rampUp = "3s";

  @Option(names = "--duration", paramLabel = "DURATION", description = "Measured. Default: ${DEFAULT-VALUE}.")
  String duration = "15s";

  @Option(names = "--seed", paramLabel = "S", description = "Seed of the schedule and of the link's losses. Default: ${DEFAULT-VALUE}.")
  long seed = 1;

  @Option(names = {"--out", "--into"}, paramLabel = "DIR",
      description = "The study directory; an existing one is resumed. Default: runs/study-wan-yyyyMMdd-HHmmss.")
  Path out;

  /** The port the server listens on in its namespace (a fresh namespace: nothing else there). */
  static final int SERVER_PORT = 8080;

  @Override
  public Integer call() throws Exception {
    List<Problem> problems = new ArrayList<>();
    capture.check(problems);
    if (spec.commandLine().getParseResult().hasMatchedOption("--interface")) {
      problems.add(new Problem("--interface", capture.interfaceName, "none: the audit captures on the client"
          + " namespace's interface, which the study makes for each cell"));
    }
    if (!List.of(FlashCrowdStudy.LIGHTTPD, FlashCrowdStudy.APACHE).contains(server)) {
      problems.add(new Problem("--server", server, "lighttpd or apache-prefork"));
    }
    List<String> classes = profiles.isEmpty() ? List.of("rtt=10ms") : profiles;
    List<String> rttLevels = rtts != null ? rtts : profiles.isEmpty() ? List.of("10ms", "40ms", "160ms") : null;
    List<String> lossLevels = losses != null ? losses : profiles.isEmpty() ? List.of("0%", "2%") : null;
    List<List<WanProfile>> levels = new ArrayList<>();
    List<String> levelNames = new ArrayList<>();
    for (String rtt : rttLevels == null ? java.util.Collections.<String>singletonList(null) : rttLevels) {
      for (String loss : lossLevels == null ? java.util.Collections.<String>singletonList(null) : lossLevels) {
        List<WanProfile> level = new ArrayList<>();
        for (String c : classes) {
          String text = withKey(withKey(c, "rtt", rtt), "loss", loss);
          try {
            level.add(WanProfile.parse(text));
          } catch (IllegalArgumentException e) {
            problems.add(new Problem(rtt != null || loss != null ? "--wan/--rtt/--loss" : "--wan", text,
                e.getMessage()));
          }
        }
        levels.add(level);
        levelNames.add((rtt == null ? "" : "rtt" + rtt.strip()) + (loss == null ? "" : "-loss" + loss.strip()));
      }
    }
    long measureNanos = StudyCommand.duration("--duration", duration, 1_000_000L, 3_600_000_000_000L, problems);
    StudyCommand.duration("--ramp-up", rampUp, 0, 3_600_000_000_000L, problems);
    if (users < 1 || users > 10_000) {
      problems.add(new Problem("--users", String.valueOf(users), "1..10000"));
    }
    if (!problems.isEmpty()) {
      return RunCommand.OutputOptions.reportProblems(spec, problems);
    }
    List<String> swept = WanNetwork.sweepStale();
    if (!swept.isEmpty()) {
      System.err.println("crosscheck study wan: removed what a killed run left: " + String.join(", ", swept));
    }
    Path dir = StudyCommand.directory(out, "wan");
    PrintStream console = System.out;
    Files.createDirectories(dir);
    Path site = dir.resolve("site");
    List<String> paths = StudySite.snapshot(site);
    Path urlFile = site.resolve("urls.txt");
    Path javaHome = Path.of(System.getProperty("java.home"));
    List<MatrixRun.Planned> cells = new ArrayList<>();
    for (int i = 0; i < levels.size(); i++) {
      List<WanProfile> level = levels.get(i);
      Map<String, String> dims = new LinkedHashMap<>();
      dims.put("server", server);
      dims.put("level", levelNames.get(i).isEmpty() ? "profiles" : levelNames.get(i));
      for (int c = 0; c < level.size(); c++) {
        dims.put("class" + c, level.get(c).label());
      }
      String id = "wan-" + (levelNames.get(i).isEmpty() ? "profiles" : levelNames.get(i).replace("%", "pct")
          .replace('.', '_'));
      List<String> args = new ArrayList<>(List.of("audit", "--arrival", "closed", "--users", String.valueOf(users),
          "--url-file", urlFile.toAbsolutePath().toString(), "--url-order", "random", "--session-length", "fixed:5",
          "--think", think, "--ramp-up", rampUp, "--duration", duration, "--seed", String.valueOf(seed),
          // the client namespace has no loopback for the JIT warm-up's in-process server, and a busy-polling
          // loop would take a core from the emulated link: the WAN's milliseconds dwarf both
          "--jit-warm-up", "0", "--layout", "shared"));
      MatrixCell pending = MatrixCell.pending(id, System.getProperty("java.version") + " ("
          + System.getProperty("java.vendor") + ")", javaHome.toString(), "default", List.of(), users, null, dims);
      cells.add(new MatrixRun.Planned(pending, server + " " + dims.get("level") + " (" + level.size() + " class"
          + (level.size() == 1 ? "" : "es") + ")", (cellDir, log) -> cell(level, FlashCrowdStudy.docroot(site),
              cellDir, args, javaHome, log)));
    }
    console.println(String.format(Locale.ROOT, "crosscheck study wan: %d cells of %s, %d client class%s each; %d RUBiS"
        + " pages in %s", cells.size(), server, classes.size(), classes.size() == 1 ? "" : "es", paths.size(), site));
    Map<String, Object> description = new LinkedHashMap<>();
    description.put("study", "wan");
    description.put("server", server);
    description.put("site", "static snapshot of the embedded RUBiS server's pages (" + paths.size() + " pages)");
    description.put("workload", "closed, " + users + " users, sessions of 5 pages, --think " + think + ", --ramp-up "
        + rampUp + ", --duration " + duration);
    description.put("classes", classes);
    description.put("seed", seed);
    List<Problem> resume = MatrixResume.problems(dir, description);
    if (!resume.isEmpty()) {
      return RunCommand.OutputOptions.reportProblems(spec, resume);
    }
    MatrixRun run = new MatrixRun(dir, null, description, console);
    return run.planned(cells, new WanTable(dir, measureNanos));
  }

  /**
   * One cell: its network, the server in the server namespace, the audit in the client namespace;
   * then wan.json (the network, its per-class counters and each class's handshake RTTs).
   */
  private MatrixRun.Audited cell(List<WanProfile> level, Path docroot, Path cellDir, List<String> auditArgs,
      Path javaHome, PrintStream log) throws IOException {
    try (WanNetwork net = WanNetwork.open(level, seed);
        ForeignServer s = StudySite.start(server, ForeignServerSpec.in(cellDir.resolve("server")).withDocroot(docroot)
            .withBindAddress(net.serverAddress()).withPort(SERVER_PORT)
            .withCommandPrefix(WanNetwork.inNamespace(net.serverNamespace(), List.of())))) {
      log.println("crosscheck study: " + server + " on " + net.serverAddress() + ":" + SERVER_PORT + " in namespace "
          + net.serverNamespace() + "; clients in " + net.clientNamespace() + " on " + net.clientInterface());
      List<String> args = new ArrayList<>(auditArgs);
      args.addAll(List.of("--target", "http://" + net.serverAddress() + ":" + SERVER_PORT, "--interface",
          net.clientInterface(), "--source-addresses", String.join(",", net.classAddresses()), "--out",
          cellDir.toString(), "--name", "run", "--progress", "off", "--snaplen", String.valueOf(capture.snaplenBytes),
          "--min-matched", String.valueOf(capture.minMatchedPercent)));
      ChildJvm child = ChildJvm.builder(javaHome)
          .commandPrefix(WanNetwork.inNamespace(net.clientNamespace(), List.of()))
          .job(cellDir.resolve("audit-job.json"), Main.class.getName(), args)
          .outputFile(cellDir.resolve("audit-child.out")).copyOutputTo(log).build();
      ChildProcess process = child.start();
      int code = ChildRun.awaitOrStop(process);
      if (Thread.currentThread().isInterrupted()) {
        throw new InterruptedIOException("interrupted: the audit in " + net.clientNamespace() + " was stopped");
      }
      Path runDir = MatrixRun.runDirOf(cellDir);
      Map<String, Object> wan = new LinkedHashMap<>(net.describe());
      wan.put("measuredRtt", runDir == null ? null : measuredRtts(runDir, level, net.classAddresses()));
      JsonFiles.writeAtomically(cellDir.resolve(WanTable.WAN_JSON), wan);
      return new MatrixRun.Audited(code, runDir == null ? cellDir : runDir);
    }
  }

  /**
   * Per class: the configured RTT and the median SYN to SYN-ACK time of its connections, as the
   * audit's wire reconstruction recorded it ({@code connectNanos} of each connection's first exchange
   * in wire-exchanges.csv, grouped by the client address of {@code connectionId}).
   */
  static List<Map<String, Object>> measuredRtts(Path runDir, List<WanProfile> level, List<String> addresses)
      throws IOException {
    Path csv = runDir.resolve(WireCsv.EXCHANGES_FILE);
    if (!Files.isRegularFile(csv)) {
      return null;
    }
    Map<String, List<Long>> byAddress = new HashMap<>();
    try (BufferedReader r = Files.newBufferedReader(csv, StandardCharsets.UTF_8)) {
      r.readLine(); // WireCsv.EXCHANGES_HEADER: connectionId,connectionOpenEpochNanos,serverAddress,requestIndex,
      // pipelined,connectNanos,... (the first six fields are never quoted)
      for (String line = r.readLine(); line != null; line = r.readLine()) {
        String[] f = line.split(",", 7);
        if (f.length < 7 || !f[3].equals("0") || f[5].startsWith("-")) {
          continue; // a later request on its connection, or a handshake the capture did not see
        }
        String client = f[0].substring(0, Math.max(0, f[0].lastIndexOf(':')));
        byAddress.computeIfAbsent(client, k -> new ArrayList<>()).add(Long.parseLong(f[5]));
      }
    } catch (NumberFormatException e) {
      throw new IOException(csv + ": a connectNanos that is not a number: " + e.getMessage(), e);
    }
    List<Map<String, Object>> out = new ArrayList<>();
    for (int i = 0; i < level.size(); i++) {
      List<Long> seen = new ArrayList<>(byAddress.getOrDefault(addresses.get(i), List.of()));
      seen.sort(null);
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("address", addresses.get(i));
      m.put("profile", level.get(i).label());
      m.put("configuredRttMicros", level.get(i).rttNanos() / 1000.0);
      m.put("handshakes", seen.size());
      m.put("medianRttMicros", seen.isEmpty() ? null : seen.get(seen.size() / 2) / 1000.0);
      m.put("evidence", "SYN to SYN-ACK (connectNanos) of each connection from " + addresses.get(i) + " with a"
          + " request, in " + WireCsv.EXCHANGES_FILE + " (the capture on the client namespace's interface)");
      out.add(m);
    }
    return out;
  }

  /** {@code profile} with {@code key} set to {@code value} (replacing the profile's own), or as it is for null. */
  static String withKey(String profile, String key, String value) {
    if (value == null) {
      return profile;
    }
    List<String> parts = new ArrayList<>();
    for (String p : profile.split(",")) {
      if (!p.isBlank() && !p.strip().toLowerCase(Locale.ROOT).startsWith(key + "=")) {
        parts.add(p.strip());
      }
    }
    parts.add(key + "=" + value.strip());
    return String.join(",", parts);
  }
}
