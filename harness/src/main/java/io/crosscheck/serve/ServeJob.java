package io.crosscheck.serve;

import io.crosscheck.model.spec.Durations;
import io.crosscheck.model.spec.Problem;
import io.crosscheck.server.ConnectionLimits;
import io.crosscheck.server.DemandMode;
import io.crosscheck.server.EmbeddedServer;
import io.crosscheck.server.ServerConfig;
import io.crosscheck.server.ServiceDemand;
import io.crosscheck.spi.EmbeddedSite;
import io.crosscheck.spi.RubisSupport;
import io.crosscheck.spi.TpcwPopulation;
import io.crosscheck.spi.TpcwSupport;
import java.io.PrintWriter;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.function.Function;

/**
 * {@code crosscheck serve}'s job: the options as given (text, checked together, so every bad value is
 * reported before anything listens), then the {@link EmbeddedServer} (or {@code --rubis}'s site,
 * {@code --tpcw}'s bookstore) in the foreground until the JVM shuts down, and its counters. Each
 * component is the option of the same name; null for a size not given.
 */
public record ServeJob(
    String bind,
    String port,
    boolean reusePort,
    String ioThreads,
    String demand,
    String demandMode,
    String workers,
    String queue,
    boolean logRequests,
    String seed,
    String keepAliveTimeout,
    String maxConnections,
    boolean rubis,
    boolean tpcw,
    Integer tpcwCustomers,
    Integer tpcwItems,
    Integer tpcwBrowsers,
    Integer rubisUsers) {
  /** IdleStateHandler's own floor: a shorter timeout would be 1 ms anyway. */
  private static final long MIN_KEEP_ALIVE_NANOS = 1_000_000L;

  public static final int DEFAULT_RUBIS_USERS = RubisSupport.DEFAULT_USERS;

  /**
   * The RUBiS dataset is generated whole at start (measured: 200,000 users 196 MiB in 11 s,
   * 1,000,000 users 888 MiB in 39 s): the shipped rubis.properties' count, and no more.
   */
  public static final int MAX_RUBIS_USERS = 1_000_000;

  /**
   * Checks every option, starts the server and serves until the JVM shuts down (Ctrl-C), then prints
   * its counters: 0; 2 after listing every problem (nothing listened); 1 when the bind failed.
   */
  public int serve(PrintWriter out, PrintWriter err) throws Exception {
    if (rubis || tpcw) {
      return serveSite(out, err);
    }
    List<Problem> problems = new ArrayList<>();
    siteSizeProblems(problems);
    ServerConfig config = toConfig(problems);
    ConnectionLimits limits = toLimits(problems);
    if (!problems.isEmpty()) {
      return refuse(err, problems);
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
  public void check(List<Problem> problems) {
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

  /** Lists every problem on {@code err} with the pointer to the help; the usage exit code, 2. */
  private static int refuse(PrintWriter err, List<Problem> problems) {
    for (Problem p : problems) {
      err.println("crosscheck serve: " + p.message());
    }
    err.println("See: crosscheck serve --help");
    err.flush();
    return 2;
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
      return refuse(err, problems);
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
  public ConnectionLimits toLimits(List<Problem> problems) {
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
  public ServerConfig toConfig(List<Problem> problems) {
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
