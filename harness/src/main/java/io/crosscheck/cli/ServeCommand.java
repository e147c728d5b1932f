package io.crosscheck.cli;

import io.crosscheck.model.spec.Problem;
import io.crosscheck.model.spec.Durations;
import io.crosscheck.server.ConnectionLimits;
import io.crosscheck.server.DemandMode;
import io.crosscheck.server.EmbeddedServer;
import io.crosscheck.server.ServerConfig;
import io.crosscheck.server.ServiceDemand;
import java.io.PrintWriter;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.function.Function;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import io.crosscheck.spi.EmbeddedSite;
import io.crosscheck.spi.RubisSupport;
import io.crosscheck.spi.TpcwPopulation;
import io.crosscheck.spi.TpcwSupport;
import picocli.CommandLine.Option;

/**
 * {@code crosscheck serve}: runs the {@link EmbeddedServer} in the foreground until Ctrl-C, then
 * prints its counters. Options are read as text and checked together, so every bad value is
 * reported (exit code 2) before anything listens.
 */
@Command(
    name = "serve",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    description = {
      "Runs the embedded HTTP/1.1 server until Ctrl-C, then prints its counters (connections"
          + " accepted, requests served, connections open, and what was shed: connections closed by"
          + " --max-connections or --keep-alive-timeout, failed accepts).",
      "Paths: /static/SIZE (Content-Length), /chunked/SIZE, /close/SIZE (close-delimited); SIZE in"
          + " bytes, suffix k, m or g = 1024, 1024^2, 1024^3 (e.g. 2k, 64k, 1m, 100).",
      "Faults: /fault/stall, /fault/reset, /fault/garbage, /fault/close-mid-body, /fault/status/CODE."
    })
final class ServeCommand implements Callable<Integer> {
  /** IdleStateHandler's own floor: a shorter timeout would be 1 ms anyway. */
  private static final long MIN_KEEP_ALIVE_NANOS = 1_000_000L;

  @Option(
      names = "--bind",
      paramLabel = "ADDR",
      description = "Address to listen on: an IPv4 address listens on IPv4 only, an IPv6 one (::) on IPv6 (and"
          + " IPv4 for ::); a non-loopback address exposes the server to the network and is warned about with"
          + " every address it can be reached on. Also for --rubis and --tpcw. Default: ${DEFAULT-VALUE}.")
  String bind = ServerConfig.LOOPBACK;

  @Option(names = "--port", paramLabel = "N", description = "TCP port; 0 picks a free port. Default: ${DEFAULT-VALUE}.")
  String port = "8080";

  @Option(names = "--reuse-port", description = "Listen with SO_REUSEPORT (epoll), so that several serve processes"
      + " share one port and the kernel spreads connections over them: more concurrent connections than one"
      + " process's file limit allows (bench/capacity.sh runs three for 45,000). The generic server only.")
  boolean reusePort;

  @Option(
      names = "--io-threads",
      paramLabel = "N",
      description = "Event-loop threads; 0 = Netty's default (two per core). Default: ${DEFAULT-VALUE}.")
  String ioThreads = "0";

  @Option(
      names = "--demand",
      paramLabel = "SPEC",
      description =
          "Service demand before each reply: none, fixed:D, exp:MEAN, hyperexp:P:MEAN1:MEAN2 (durations with"
              + " unit ns, us, ms or s, e.g. exp:2ms; P a probability). Default: ${DEFAULT-VALUE}.")
  String demand = "none";

  @Option(
      names = "--demand-mode",
      paramLabel = "MODE",
      description =
          "delay: wait on the event loop, no thread blocked; cpu: busy-spin on --workers threads with a queue"
              + " of --queue requests (503 when full). Default: ${DEFAULT-VALUE}.")
  String demandMode = "delay";

  @Option(names = "--workers", paramLabel = "N", description = "Busy-spinning worker threads in cpu mode. Default: ${DEFAULT-VALUE}.")
  String workers = "2";

  @Option(
      names = "--queue",
      paramLabel = "N",
      description = "Requests that may wait for a cpu-mode worker before the server answers 503. Default: ${DEFAULT-VALUE}.")
  String queue = "128";

  @Option(
      names = "--log-requests",
      description = "Log one line per request on stderr (method, path, status, body bytes, service nanoseconds). Default: off.")
  boolean logRequests;

  @Option(names = "--seed", paramLabel = "N", description = "Seed of the service-demand random source. Default: ${DEFAULT-VALUE}.")
  String seed = "1";

  @Option(
      names = "--keep-alive-timeout",
      paramLabel = "DURATION",
      description = "Close a connection idle between requests (nothing read or written, no request awaiting its"
          + " reply) for this long; 0 or none: never. A request in service (its demand, the cpu queue,"
          + " /fault/stall) is never cut. Also for --rubis and --tpcw. Default: ${DEFAULT-VALUE}, Tomcat's"
          + " keepAliveTimeout.")
  String keepAliveTimeout = ConnectionLimits.DEFAULT_KEEP_ALIVE_SECONDS + "s";

  @Option(
      names = "--max-connections",
      paramLabel = "N",
      description = "Connections open at once; one accepted beyond it is closed at once and counted as shed. auto:"
          + " the open-file limit (ulimit -n) less the descriptors open at start less "
          + ConnectionLimits.SPARE_DESCRIPTORS + ", so a storm is shed before accepts fail (a failed accept pauses"
          + " accepting, then retries); none: no cap. Also for --rubis and --tpcw. Default: ${DEFAULT-VALUE}.")
  String maxConnections = "auto";

  @Option(names = "--rubis", description = "Serve the embedded RUBiS-compatible auction site (the 27"
      + " interactions of the RUBiS client in the PHP and Servlets URL spaces, an in-memory dataset, working"
      + " writes, per-interaction service demand) instead of the generic content.")
  boolean rubis;

  @Option(names = "--tpcw", description = "Serve the embedded TPC-W-compatible bookstore (the 14 interactions"
      + " of the TPC-W RBE at /tpcw/TPCW_*, images, a generated database of -CUST customers and -ITEM items,"
      + " sessions, carts and orders) instead of the generic content.")
  boolean tpcw;

  @Option(names = {"--customers", "-CUST"}, paramLabel = "N", description = "With --tpcw: customers in the database"
      + " (the RBE's -CUST: give the RBE the same), 1.." + TpcwPopulation.MAX_CUSTOMERS + "; derived from their id on"
      + " demand, so any count costs no memory. Default: " + TpcwPopulation.CUSTOMERS_PER_BROWSER + " x --browsers,"
      + " else the RBE's default " + TpcwPopulation.DEFAULT_CUSTOMERS + ".")
  Integer tpcwCustomers;

  @Option(names = {"--items", "-ITEM"}, paramLabel = "N", description = "With --tpcw: items in the database (the RBE's"
      + " -ITEM: 1000, 10000, 100000, 1000000 or 10000000), derived on demand. Default: "
      + TpcwPopulation.DEFAULT_ITEMS + ".")
  Integer tpcwItems;

  @Option(names = "--browsers", paramLabel = "N", description = "With --tpcw: size the database by TPC-W's population"
      + " rule for N emulated browsers (the RBE's -EB count): " + TpcwPopulation.CUSTOMERS_PER_BROWSER + " x N"
      + " customers. Not with --customers.")
  Integer tpcwBrowsers;

  @Option(names = "--users", paramLabel = "N", description = "With --rubis: users in the generated dataset (user1..userN;"
      + " the client's database_number_of_users: give the client the same), 1.." + MAX_RUBIS_USERS + "; the dataset is"
      + " generated whole at start and held in memory: about 1 KB of heap per user with its comments (1,000,000"
      + " users, the shipped rubis.properties' count: about 0.9 GB and 40 s). Default: " + DEFAULT_RUBIS_USERS + ".")
  Integer rubisUsers;

  static final int DEFAULT_RUBIS_USERS = RubisSupport.DEFAULT_USERS;

  /**
   * The RUBiS dataset is generated whole at start (measured: 200,000 users 196 MiB in 11 s,
   * 1,000,000 users 888 MiB in 39 s): the shipped rubis.properties' count, and no more.
   */
  static final int MAX_RUBIS_USERS = 1_000_000;

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() throws Exception {
    if (rubis || tpcw) {
      return serveSite(spec.commandLine().getOut(), spec.commandLine().getErr());
    }
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    List<Problem> problems = new ArrayList<>();
    siteSizeProblems(problems);
    ServerConfig config = toConfig(problems);
    ConnectionLimits limits = toLimits(problems);
    if (!problems.isEmpty()) {
      for (Problem p : problems) {
        err.println("crosscheck serve: " + p.message());
      }
      err.println("See: crosscheck serve --help");
      err.flush();
      return 2;
    }
    EmbeddedServer server;
    try {
      server = EmbeddedServer.start(config, limits);
    } catch (IllegalStateException e) {
      return cannotListen(err, e);
    }
    warnIfExposed(err, config.bindAddress(), server.reachableAddresses());
    CountDownLatch closed = new CountDownLatch(1);
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      server.close();
      out.println("crosscheck serve: stopped; connectionsAccepted=" + server.connectionsAccepted()
          + " requestsServed=" + server.requestsServed() + " openConnections=" + server.openConnections()
          + " " + server.describeShed());
      out.flush();
      closed.countDown();
    }, "crosscheck-serve-shutdown"));
    printLimits(out, limits);
    out.println("crosscheck serve: listening on " + server.baseUrl() + " (paths: " + EmbeddedServer.PATHS + ";"
        + " transport " + server.transport() + ", demand " + config.demand() + " in " + config.demandMode()
        + " mode); Ctrl-C stops");
    out.flush();
    closed.await();
    return 0;
  }

  /**
   * Every problem of the options as parsed, found without listening or starting anything: {@code k8s
   * --serve} checks its {@code --serve-opt} with it before writing a manifest.
   */
  void check(List<Problem> problems) {
    if (rubis || tpcw) {
      siteProblems(problems);
      if (tpcw) {
        TpcwPopulation.resolve(tpcwCustomers, tpcwItems, tpcwBrowsers, problems);
      }
    } else {
      toConfig(problems);
    }
    siteSizeProblems(problems);
    toLimits(problems);
  }

  /** {@code --rubis} or {@code --tpcw}: a compatibility module's site. */
  private int serveSite(PrintWriter out, PrintWriter err) throws Exception {
    List<Problem> problems = new ArrayList<>();
    int portValue = siteProblems(problems);
    ConnectionLimits limits = toLimits(problems);
    siteSizeProblems(problems);
    TpcwPopulation population = tpcw ? TpcwPopulation.resolve(tpcwCustomers, tpcwItems, tpcwBrowsers, problems) : null;
    int users = rubisUsers == null ? DEFAULT_RUBIS_USERS : rubisUsers;
    if (users < 1 || users > MAX_RUBIS_USERS) {
      problems.add(new Problem("--users", String.valueOf(users), "a number of users in 1.." + MAX_RUBIS_USERS
          + " (the dataset is generated whole in memory)"));
    }
    RubisSupport rubisSupport = rubis ? RubisSupport.find().orElse(null) : null;
    TpcwSupport tpcwSupport = tpcw ? TpcwSupport.find().orElse(null) : null;
    if ((rubis && rubisSupport == null) || (tpcw && tpcwSupport == null)) {
      problems.add(new Problem(rubis ? "--rubis" : "--tpcw", "given",
          "the rubis-compat module on the classpath (run ./crosscheck)"));
    }
    if (!problems.isEmpty()) {
      for (Problem p : problems) {
        err.println("crosscheck serve: " + p.message());
      }
      err.println("See: crosscheck serve --help");
      err.flush();
      return 2;
    }
    EmbeddedSite server;
    try {
      server = rubis ? rubisSupport.startServer(bind.strip(), portValue, logRequests, users, limits)
          : tpcwSupport.startServer(bind.strip(), portValue, logRequests, population.customers(), population.items(),
              limits);
    } catch (IllegalStateException e) {
      return cannotListen(err, e);
    } catch (IllegalArgumentException e) { // -CUST/-ITEM out of range
      err.println("crosscheck serve: " + e.getMessage());
      err.println("See: crosscheck serve --help");
      err.flush();
      return 2;
    }
    warnIfExposed(err, bind.strip(), server.reachableAddresses());
    CountDownLatch closed = new CountDownLatch(1);
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      server.close();
      out.println("crosscheck serve: stopped; " + server.describeCounters());
      out.flush();
      closed.countDown();
    }, "crosscheck-serve-shutdown"));
    printLimits(out, limits);
    if (rubis) {
      out.println("crosscheck serve: RUBiS auction site on " + server.baseUrl() + " (/PHP/index.html,"
          + " /rubis_servlets/servlet/edu.rice.rubis.servlets.*; " + users + " users); Ctrl-C stops");
      out.println("crosscheck serve: give the RUBiS client (rubis.properties): database_number_of_users = " + users);
    } else {
      out.println("crosscheck serve: TPC-W bookstore on " + server.baseUrl() + " (/tpcw/TPCW_home_interaction and the"
          + " other 13 interactions; " + population.customers() + " customers, " + population.items() + " items: "
          + population.basisText() + "); Ctrl-C stops");
      out.println("crosscheck serve: give the RBE: -WWW " + server.baseUrl() + "/tpcw/ " + population.rbeArguments());
    }
    out.flush();
    closed.await();
    return 0;
  }

  /**
   * The keep-alive timeout and connection cap the options describe, or null with {@code problems}
   * filled in. {@code --max-connections auto} is resolved now, from the descriptors open now.
   */
  ConnectionLimits toLimits(List<Problem> problems) {
    String timeoutText = keepAliveTimeout.strip().toLowerCase(java.util.Locale.ROOT);
    long timeoutNanos = -1;
    try {
      timeoutNanos = timeoutText.equals("none") ? 0 : Durations.parseNanos(timeoutText);
    } catch (IllegalArgumentException e) {
      // reported below
    }
    if (timeoutNanos < 0 || (timeoutNanos > 0 && timeoutNanos < MIN_KEEP_ALIVE_NANOS)) {
      problems.add(new Problem("--keep-alive-timeout", keepAliveTimeout, "a duration of at least 1ms such as 20s or"
          + " 500ms, or 0 or none (never close idle connections)"));
    }
    String capText = maxConnections.strip().toLowerCase(java.util.Locale.ROOT);
    int cap = capText.equals("auto") ? ConnectionLimits.defaultMaxConnections()
        : capText.equals("none") ? ConnectionLimits.NO_CAP
        : integer("--max-connections", maxConnections, 1, ConnectionLimits.NO_CAP - 1,
            "an integer >= 1, auto (what the open-file limit leaves) or none (no cap)", problems);
    return problems.isEmpty() ? new ConnectionLimits(timeoutNanos, cap) : null;
  }

  /** One line before the listening line: the limits in force, and where an automatic cap came from. */
  private void printLimits(PrintWriter out, ConnectionLimits limits) {
    out.println("crosscheck serve: " + limits.describe()
        + (maxConnections.strip().equalsIgnoreCase("auto") && limits.maxConnections() != ConnectionLimits.NO_CAP
            ? " (--max-connections auto: the open-file limit less the descriptors open less "
                + ConnectionLimits.SPARE_DESCRIPTORS + ")" : ""));
  }

  /**
   * The problems of a site's options ({@code --rubis}, {@code --tpcw}), not whether the site is on
   * this classpath (a pod's image has it); returns the port.
   */
  private int siteProblems(List<Problem> problems) {
    int portValue = portAndBind(problems);
    if (rubis && tpcw) {
      problems.add(new Problem("--tpcw", "given", "not both --rubis and --tpcw (one site per server)"));
    }
    if (reusePort) {
      problems.add(new Problem("--reuse-port", "given", "the generic server (serve without --rubis or --tpcw): the"
          + " sites keep their state in one process"));
    }
    return portValue;
  }

  /** A site's size option without its site: refused rather than ignored. */
  private void siteSizeProblems(List<Problem> problems) {
    String tpcwOption = tpcwCustomers != null ? "--customers" : tpcwItems != null ? "--items"
        : tpcwBrowsers != null ? "--browsers" : null;
    if (!tpcw && tpcwOption != null) {
      problems.add(new Problem(tpcwOption, "given", "--tpcw (it sizes the TPC-W bookstore's database)"));
    }
    if (!rubis && rubisUsers != null) {
      problems.add(new Problem("--users", "given", "--rubis (it sizes the RUBiS auction site's dataset)"));
    }
  }

  /** The bind failed (port in use, address not on this host): one line with what to do; exit 1. */
  private int cannotListen(PrintWriter err, IllegalStateException e) {
    String hint = e.getMessage() != null && e.getMessage().contains("in use")
        ? "; pick another --port (0 = any free port) or stop what listens there"
        : "; check --bind (an address of this host, default 127.0.0.1) and --port";
    err.println("crosscheck serve: " + e.getMessage() + hint);
    err.flush();
    return 1;
  }

  /** Any non-loopback bind is warned about, naming every address the server can be reached on. */
  private static void warnIfExposed(PrintWriter err, String bindAddress, List<String> reachable) {
    if (isLoopback(bindAddress)) {
      return;
    }
    err.println("crosscheck serve: warning: --bind " + bindAddress + " is not a loopback address; the server is"
        + " reachable from the network on " + String.join(", ", reachable));
    err.flush();
  }

  /** The configuration the options describe, or null with {@code problems} filled in. */
  ServerConfig toConfig(List<Problem> problems) {
    int portValue = portAndBind(problems);
    int ioValue = integer("--io-threads", ioThreads, 0, 4096, "an integer in 0..4096 (0 = Netty's default)", problems);
    int workerValue = integer("--workers", workers, 1, 4096, "an integer in 1..4096", problems);
    int queueValue = integer("--queue", queue, 0, 1 << 20, "an integer in 0..1048576", problems);
    ServiceDemand demandValue = parse("--demand", demand, ServiceDemand::parse, problems);
    DemandMode modeValue = parse("--demand-mode", demandMode, DemandMode::parse, problems);
    Long seedValue = null;
    try {
      seedValue = Long.parseLong(seed.strip());
    } catch (NumberFormatException e) {
      problems.add(new Problem("--seed", seed, "an integer (64-bit)"));
    }
    if (!problems.isEmpty()) {
      return null;
    }
    return new ServerConfig(bind.strip(), portValue, ioValue, demandValue, modeValue, workerValue, queueValue, logRequests,
        seedValue, reusePort);
  }

  /** The problems of {@code --port} and {@code --bind}, which every server has; returns the port. */
  private int portAndBind(List<Problem> problems) {
    int portValue = integer("--port", port, 0, 65535, "an integer in 0..65535 (0 = any free port)", problems);
    if (bind == null || bind.isBlank()) {
      problems.add(new Problem("--bind", String.valueOf(bind), "an IP address or host name such as 127.0.0.1"));
    }
    return portValue;
  }

  private static int integer(String option, String text, int min, int max, String expected, List<Problem> problems) {
    try {
      int v = Integer.parseInt(text.strip());
      if (v >= min && v <= max) {
        return v;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    problems.add(new Problem(option, text, expected));
    return min;
  }

  /** Parses with a parser whose message has the form {@code "text": expected ...}. */
  private static <T> T parse(String option, String text, Function<String, T> parser, List<Problem> problems) {
    try {
      return parser.apply(text);
    } catch (IllegalArgumentException e) {
      String message = e.getMessage();
      int at = message.indexOf(": expected ");
      problems.add(new Problem(option, text, at < 0 ? message : message.substring(at + ": expected ".length())));
      return null;
    }
  }

  private static boolean isLoopback(String address) {
    try {
      return InetAddress.getByName(address).isLoopbackAddress();
    } catch (UnknownHostException e) {
      return false; // binding will fail and say why
    }
  }
}
