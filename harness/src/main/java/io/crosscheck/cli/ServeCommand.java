package io.crosscheck.cli;

import io.crosscheck.model.spec.Problem;
import io.crosscheck.serve.ServeJob;
import io.crosscheck.server.ConnectionLimits;
import io.crosscheck.server.EmbeddedServer;
import io.crosscheck.server.ServerConfig;
import io.crosscheck.spi.TpcwPopulation;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine;

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

  static final int DEFAULT_RUBIS_USERS = ServeJob.DEFAULT_RUBIS_USERS;
  static final int MAX_RUBIS_USERS = ServeJob.MAX_RUBIS_USERS;

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() throws Exception {
    return job().serve(spec.commandLine().getOut(), spec.commandLine().getErr());
  }

  /** The options as given, as the job takes them. */
  ServeJob job() {
    return new ServeJob(bind, port, reusePort, ioThreads, demand, demandMode, workers, queue, logRequests, seed, keepAliveTimeout, maxConnections, rubis, tpcw, tpcwCustomers, tpcwItems, tpcwBrowsers, rubisUsers);
  }

  /**
   * Every problem of the options as parsed, found without listening or starting anything: {@code k8s
   * --serve} checks its {@code --serve-opt} with it before writing a manifest.
   */
  void check(List<Problem> problems) {
    job().check(problems);
  }
}
