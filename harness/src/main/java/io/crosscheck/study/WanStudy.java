package io.crosscheck.study;

import io.crosscheck.child.ChildJvm;
import io.crosscheck.child.ChildProcess;
import io.crosscheck.foreign.ForeignServer;
import io.crosscheck.foreign.ForeignServerSpec;
import io.crosscheck.matrix.MatrixResume;
import io.crosscheck.matrix.MatrixRun;
import io.crosscheck.model.spec.Problem;
import io.crosscheck.run.ChildRun;
import io.crosscheck.rundir.MatrixCell;
import io.crosscheck.rundir.MatrixJson;
import io.crosscheck.rundir.WanJson;
import io.crosscheck.rundir.WireFiles;
import io.crosscheck.wan.LinkCounts;
import io.crosscheck.wan.WanDescription;
import io.crosscheck.wan.WanNetwork;
import io.crosscheck.wan.WanProfile;
import io.crosscheck.wire.WireCsv;
import io.crosscheck.wire.WireExchange;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code crosscheck study wan}: one server behind emulated WAN links, swept over RTT and loss. Every
 * cell builds its own network ({@link WanNetwork}: a client and a server namespace joined by an
 * emulated link), starts the server in the server namespace on 127.0.0.1 and runs a whole {@code
 * crosscheck audit} in the client namespace, capturing on the client's interface there: the
 * capture point stays the client's wire and the clocks are the host's. Each client class (a
 * {@code --wan} profile) has its own source address. Afterwards the handshakes in the cell's
 * capture give each class's measured RTT beside the configured one ({@link WanJson}). The command
 * line checks its options into a {@link Request}; {@link #prepare} then {@link #run}.
 */
public final class WanStudy {
  /** The port the server listens on in its namespace (a fresh namespace: nothing else there). */
  static final int SERVER_PORT = 8080;

  /**
   * What the command line asked for: the server, the client classes' {@code --wan} profiles (one
   * {@code rtt=10ms} class when none), the RTT and loss levels swept (null: not swept; both default to
   * 10ms,40ms,160ms x 0%,2% without profiles), the closed users, think time, ramp-up and measured
   * duration as {@code audit} takes them ({@code measureNanos} parsed), the seed, the directory, the
   * capture's snap length and matching floor, and the class whose {@code main} runs the audit in the
   * client namespace.
   */
  public record Request(String server, List<String> profiles, List<String> rtts, List<String> losses, int users,
      String think, String rampUp, String duration, long measureNanos, long seed, Path dir, int snaplenBytes,
      double minMatchedPercent, String mainClass) {}

  private final Request request;
  private final PrintStream console;
  private final List<List<WanProfile>> levels = new ArrayList<>();
  private final List<String> levelNames = new ArrayList<>();
  private final List<String> classes;
  private final List<MatrixRun.Planned> cells = new ArrayList<>();
  private MatrixJson.Workload description;

  /**
   * The study's levels: every RTT x loss level applied to every class. Bad values are added to
   * {@code problems}, each naming its option.
   */
  public WanStudy(Request request, PrintStream console, List<Problem> problems) {
    this.request = request;
    this.console = console;
    if (!List.of(FlashCrowdStudy.LIGHTTPD, FlashCrowdStudy.APACHE).contains(request.server())) {
      problems.add(new Problem("--server", request.server(), "lighttpd or apache-prefork"));
    }
    List<String> profiles = request.profiles();
    classes = profiles.isEmpty() ? List.of("rtt=10ms") : profiles;
    List<String> rttLevels = request.rtts() != null ? request.rtts() : profiles.isEmpty()
        ? List.of("10ms", "40ms", "160ms") : null;
    List<String> lossLevels = request.losses() != null ? request.losses() : profiles.isEmpty()
        ? List.of("0%", "2%") : null;
    for (String rtt : rttLevels == null ? Collections.<String>singletonList(null) : rttLevels) {
      for (String loss : lossLevels == null ? Collections.<String>singletonList(null) : lossLevels) {
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
    if (request.users() < 1 || request.users() > 10_000) {
      problems.add(new Problem("--users", String.valueOf(request.users()), "1..10000"));
    }
  }

  /**
   * Removes what a killed run left, writes the site (once per directory), plans the cells and checks
   * the directory may be resumed with them: the problems of resuming it, empty when {@link #run} may go.
   */
  public List<Problem> prepare() throws IOException {
    Request r = request;
    List<String> swept = WanNetwork.sweepStale();
    if (!swept.isEmpty()) {
      System.err.println("crosscheck study wan: removed what a killed run left: " + String.join(", ", swept));
    }
    Path dir = r.dir();
    Files.createDirectories(dir);
    Path site = dir.resolve("site");
    List<String> paths = StudySite.snapshot(site);
    Path urlFile = site.resolve(StudySite.URLS_TXT);
    Path javaHome = Path.of(System.getProperty("java.home"));
    for (int i = 0; i < levels.size(); i++) {
      List<WanProfile> level = levels.get(i);
      Map<String, String> dims = new LinkedHashMap<>();
      dims.put("server", r.server());
      dims.put("level", levelNames.get(i).isEmpty() ? "profiles" : levelNames.get(i));
      for (int c = 0; c < level.size(); c++) {
        dims.put("class" + c, level.get(c).label());
      }
      String id = "wan-" + (levelNames.get(i).isEmpty() ? "profiles" : levelNames.get(i).replace("%", "pct")
          .replace('.', '_'));
      List<String> args = new ArrayList<>(List.of("audit", "--arrival", "closed", "--users", String.valueOf(r.users()),
          "--url-file", urlFile.toAbsolutePath().toString(), "--url-order", "random", "--session-length", "fixed:5",
          "--think", r.think(), "--ramp-up", r.rampUp(), "--duration", r.duration(), "--seed", String.valueOf(r.seed()),
          // the client namespace has no loopback for the JIT warm-up's in-process server, and a busy-polling
          // loop would take a core from the emulated link: the WAN's milliseconds dwarf both
          "--jit-warm-up", "0", "--layout", "shared"));
      MatrixCell pending = MatrixCell.pending(id, System.getProperty("java.version") + " ("
          + System.getProperty("java.vendor") + ")", javaHome.toString(), "default", List.of(), r.users(), null, dims);
      cells.add(new MatrixRun.Planned(pending, r.server() + " " + dims.get("level") + " (" + level.size() + " class"
          + (level.size() == 1 ? "" : "es") + ")", (cellDir, log) -> cell(level, FlashCrowdStudy.docroot(site),
              cellDir, args, javaHome, log)));
    }
    console.println(String.format(Locale.ROOT, "crosscheck study wan: %d cells of %s, %d client class%s each; %d RUBiS"
        + " pages in %s", cells.size(), r.server(), classes.size(), classes.size() == 1 ? "" : "es", paths.size(),
        site));
    description = MatrixJson.Workload.builder().study("wan").server(r.server())
        .site("static snapshot of the embedded RUBiS server's pages (" + paths.size() + " pages)")
        .workload("closed, " + r.users() + " users, sessions of 5 pages, --think " + r.think() + ", --ramp-up "
            + r.rampUp() + ", --duration " + r.duration())
        .classes(classes).seed(r.seed()).build();
    return MatrixResume.problems(dir, description);
  }

  /** Runs the cells {@link #prepare} planned: exit 0, 1 (a cell failed), 130 (interrupted). */
  public int run() throws IOException {
    if (description == null) {
      throw new IllegalStateException("prepare() first");
    }
    return new MatrixRun(request.dir(), null, description, console).planned(cells,
        new WanTable(request.dir(), request.measureNanos()));
  }

  /**
   * One cell: its network, the server in the server namespace, the audit in the client namespace;
   * then wan.json (the network, its per-class counters and each class's handshake RTTs).
   */
  private MatrixRun.Audited cell(List<WanProfile> level, Path docroot, Path cellDir, List<String> auditArgs,
      Path javaHome, PrintStream log) throws IOException {
    Request r = request;
    try (WanNetwork net = WanNetwork.open(level, r.seed());
        ForeignServer s = StudySite.start(r.server(), ForeignServerSpec.in(cellDir.resolve("server")).withDocroot(docroot)
            .withBindAddress(net.serverAddress()).withPort(SERVER_PORT)
            .withCommandPrefix(WanNetwork.inNamespace(net.serverNamespace(), List.of())))) {
      log.println("crosscheck study: " + r.server() + " on " + net.serverAddress() + ":" + SERVER_PORT + " in namespace "
          + net.serverNamespace() + "; clients in " + net.clientNamespace() + " on " + net.clientInterface());
      List<String> args = new ArrayList<>(auditArgs);
      args.addAll(List.of("--target", "http://" + net.serverAddress() + ":" + SERVER_PORT, "--interface",
          net.clientInterface(), "--source-addresses", String.join(",", net.classAddresses()), "--out",
          cellDir.toString(), "--name", "run", "--progress", "off", "--snaplen", String.valueOf(r.snaplenBytes()),
          "--min-matched", String.valueOf(r.minMatchedPercent())));
      ChildJvm child = ChildJvm.builder(javaHome)
          .commandPrefix(WanNetwork.inNamespace(net.clientNamespace(), List.of()))
          .job(cellDir.resolve("audit-job.json"), r.mainClass(), args)
          .outputFile(cellDir.resolve("audit-child.out")).copyOutputTo(log).build();
      ChildProcess process = child.start();
      int code = ChildRun.awaitOrStop(process);
      if (Thread.currentThread().isInterrupted()) {
        throw new InterruptedIOException("interrupted: the audit in " + net.clientNamespace() + " was stopped");
      }
      Path runDir = MatrixRun.runDirOf(cellDir);
      WanJson wan = wanJson(net.describe(), runDir == null ? null : measuredRtts(runDir, level, net.classAddresses()));
      WanJson.write(cellDir.resolve(WanJson.FILE), wan);
      return new MatrixRun.Audited(code, runDir == null ? cellDir : runDir);
    }
  }

  /**
   * The network as wan.json holds it, field by field (the link's plumbing, package wan, and the run
   * directory's files, rundir, know nothing of each other: the study joins them), with {@code
   * measured} as its classes' measured RTTs.
   */
  static WanJson wanJson(WanDescription d, List<WanJson.MeasuredRtt> measured) {
    List<WanJson.LinkClass> classes = d.classes() == null ? null : d.classes().stream()
        .map(c -> new WanJson.LinkClass(c.address(), c.profile(), c.rttNanos(), c.upBitsPerSecond(),
            c.downBitsPerSecond(), c.lossPercent(), c.mtu(), linkCounts(c.up()), linkCounts(c.down())))
        .toList();
    WanJson.Unclassified unclassified = d.unclassified() == null ? null
        : new WanJson.Unclassified(d.unclassified().upFrames(), d.unclassified().downFrames(),
            d.unclassified().writeFailures());
    return new WanJson(d.mechanism(), d.mechanismReason(), d.clientNamespace(), d.serverNamespace(),
        d.clientInterface(), d.serverInterface(), d.serverAddress(), d.seed(), d.forwarderNice(), d.sweptStale(),
        classes, unclassified, d.linkFailure(), measured);
  }

  private static WanJson.LinkCounts linkCounts(LinkCounts c) {
    return c == null ? null
        : new WanJson.LinkCounts(c.frames(), c.bytes(), c.lostFrames(), c.queueDroppedFrames(), c.largestFrameBytes());
  }

  /**
   * Per class: the configured RTT and the median SYN to SYN-ACK time of its connections, as the
   * audit's wire reconstruction recorded it ({@code connectNanos} of each connection's first exchange
   * in wire-exchanges.csv, grouped by the client address of {@code connectionId}).
   */
  static List<WanJson.MeasuredRtt> measuredRtts(Path runDir, List<WanProfile> level, List<String> addresses)
      throws IOException {
    Path csv = runDir.resolve(WireCsv.EXCHANGES_FILE);
    if (!Files.isRegularFile(csv)) {
      return null;
    }
    Map<String, List<Long>> byAddress = new HashMap<>();
    for (WireExchange x : WireFiles.readExchanges(csv)) {
      if (x.requestIndex() != 0 || x.connectNanos() < 0) {
        continue; // a later request on its connection, or a handshake the capture did not see
      }
      String client = x.connectionId().substring(0, Math.max(0, x.connectionId().lastIndexOf(':')));
      byAddress.computeIfAbsent(client, k -> new ArrayList<>()).add(x.connectNanos());
    }
    List<WanJson.MeasuredRtt> out = new ArrayList<>();
    for (int i = 0; i < level.size(); i++) {
      List<Long> seen = new ArrayList<>(byAddress.getOrDefault(addresses.get(i), List.of()));
      seen.sort(null);
      out.add(new WanJson.MeasuredRtt(addresses.get(i), level.get(i).label(), level.get(i).rttNanos() / 1000.0,
          seen.size(), seen.isEmpty() ? null : seen.get(seen.size() / 2) / 1000.0, "SYN to SYN-ACK (connectNanos)"
          + " of each connection from " + addresses.get(i) + " with a request, in " + WireCsv.EXCHANGES_FILE
          + " (the capture on the client namespace's interface)"));
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
