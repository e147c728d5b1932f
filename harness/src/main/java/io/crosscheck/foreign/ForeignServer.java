package io.crosscheck.foreign;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * A web server crosscheck did not write, run as a study target (issue 16): lighttpd or Apache 2
 * with the prefork MPM from Debian, started afresh for every cell with a configuration of our own in
 * a work directory, serving a static docroot (a {@link RubisSnapshot}) on one loopback address.
 *
 * <p>Start: the binary is installed when missing (as root; see {@link ForeignPackages}), the
 * configuration written ({@link LighttpdFlavour}, {@link ApachePreforkFlavour}), and the server
 * started in the foreground in a session and process group of its own ({@code setsid}, then the
 * optional command prefix, then the server), its console output in {@code workDir/console.log}.
 * {@code start} returns when the master's pid file is there, a socket in the master's network
 * namespace listens on the port ({@code /proc/PID/net/tcp}, which works inside a namespace too),
 * without a prefix also a connection from here is accepted, and the initial worker pool is up
 * (lighttpd 2, prefork 15). All of it within {@link ForeignServerSpec#startTimeout()}, else a
 * {@link ForeignServerException} with the tail of the error log, and nothing left running.
 *
 * <p>Port 0: a free port is found by binding and releasing it on the bind address; another
 * process may take it before the server binds it (or it may be taken inside the prefix's
 * namespace). Then the server fails with "Address already in use", and the start is retried with a
 * new port, three attempts in all.
 *
 * <p>{@link #close()} sends SIGTERM to the master, waits up to 10 s for it and every process of its
 * group to end, then sends SIGKILL to the group; a shutdown hook does the same for a server still
 * running when the JVM exits. Thread-safe: {@link #workers()} only reads {@code /proc}, {@link
 * #close()} is synchronized.
 */
public final class ForeignServer implements AutoCloseable {
  private static final int PORT_ATTEMPTS = 3;
  private static final long POLL_MILLIS = 20;
  private static final long STOP_NANOS = TimeUnit.SECONDS.toNanos(10);
  private static final int TAIL_LINES = 4;

  /** The servers the study knows. */
  public enum Kind {
    /** lighttpd 1.4, 2 worker processes. */
    LIGHTTPD(new LighttpdFlavour()),
    /** Apache 2.4, prefork MPM, a pool of 15 growing on demand. */
    APACHE_PREFORK(new ApachePreforkFlavour());

    private final ServerFlavour flavour;

    Kind(ServerFlavour flavour) {
      this.flavour = flavour;
    }

    /** "lighttpd" or "apache-prefork", as the study's tables and options spell it. */
    public String label() {
      return flavour.kind();
    }

    /** The kind labelled {@code label}, or an IllegalArgumentException listing both. */
    public static Kind of(String label) {
      for (Kind k : values()) {
        if (k.label().equals(label)) {
          return k;
        }
      }
      throw new IllegalArgumentException("\"" + label + "\": expected lighttpd or apache-prefork");
    }
  }

  private final ServerFlavour flavour;
  private final ForeignServerSpec spec;
  private final Path config;
  private final int port;
  private final Process process;
  private final long masterPid;
  private final String version;
  private final Thread onExit = new Thread(this::close, "foreign-server-stop");
  private boolean closed;

  private ForeignServer(ServerFlavour flavour, ForeignServerSpec spec, Path config, int port, Process process,
      long masterPid, String version) {
    this.flavour = flavour;
    this.spec = spec;
    this.config = config;
    this.port = port;
    this.process = process;
    this.masterPid = masterPid;
    this.version = version;
    // the server has a session of its own (setsid): Ctrl-C on the terminal does not reach it
    Runtime.getRuntime().addShutdownHook(onExit);
  }

  /**
   * Starts a server of {@code kind} as {@code spec} says and waits until it accepts.
   *
   * @throws ForeignServerException one line: what failed (install, config, start, readiness) and
   *     the tail of the server's error log; nothing is left running
   */
  public static ForeignServer start(Kind kind, ForeignServerSpec spec) throws ForeignServerException {
    ServerFlavour flavour = kind.flavour;
    ForeignPackages.ensureInstalled(flavour);
    boolean root = ForeignPackages.root();
    prepareDirectories(spec, root);
    String version = version(flavour);
    int attempts = spec.port() == 0 ? PORT_ATTEMPTS : 1;
    for (int attempt = 1; ; attempt++) {
      int port = spec.port() == 0 ? freePort(spec.bindAddress()) : spec.port();
      try {
        return launch(flavour, spec, port, root, version);
      } catch (PortTaken e) {
        if (attempt >= attempts) {
          throw new ForeignServerException(e.getMessage());
        }
      }
    }
  }

  /** "lighttpd" or "apache-prefork". */
  public String kind() {
    return flavour.kind();
  }

  /** The port it listens on (the one picked when the spec said 0). */
  public int port() {
    return port;
  }

  /** {@code http://ADDRESS:PORT}. */
  public String baseUrl() {
    return "http://" + spec.bindAddress() + ":" + port;
  }

  /** The master process's pid (from its pid file). */
  public long masterPid() {
    return masterPid;
  }

  /** The configuration file we wrote. */
  public Path configFile() {
    return config;
  }

  /** The server's error log. */
  public Path errorLog() {
    return flavour.errorLog(spec.workDir());
  }

  /**
   * Worker processes now: the master's children in {@code /proc} (lighttpd's workers, prefork's
   * children), 0 once the master is gone. Safe from any thread.
   */
  public int workers() {
    return ProcessTable.alive(masterPid) ? ProcessTable.children(masterPid).size() : 0;
  }

  /** Worker processes a fresh start has: 2 (lighttpd), 15 (prefork's StartServers). */
  public int startWorkers() {
    return flavour.startWorkers();
  }

  /**
   * What runs, for a run's record and the study's log: kind, version (first line of {@code lighttpd
   * -v} / {@code apache2 -v}), binary, configuration file, work directory, docroot, address, port,
   * command prefix, master pid and the configuration's key settings.
   */
  public Description describe() {
    return new Description(kind(), version, flavour.binary().toString(), config.toString(),
        spec.workDir().toString(), spec.docroot().toString(), spec.bindAddress(), port, spec.commandPrefix(),
        masterPid, flavour.settings());
  }

  /**
   * A running server, as {@link #describe()} records it. Immutable.
   *
   * @param kind {@code lighttpd} or {@code apache-prefork}
   * @param version the first line of the binary's {@code -v}
   * @param binary the server binary's path
   * @param configFile the configuration written for this start
   * @param workDir where its configuration, pid file and logs are
   * @param docroot what it serves
   * @param bindAddress the address it listens on
   * @param port the port it listens on
   * @param commandPrefix what its command ran under (e.g. {@code ip netns exec NS}), empty for nothing
   * @param masterPid the master process
   * @param settings the configuration's key settings, by the configuration's own names
   */
  public record Description(String kind, String version, String binary, String configFile, String workDir,
      String docroot, String bindAddress, int port, List<String> commandPrefix, long masterPid,
      ServerSettings settings) {}

  /**
   * Stops the server: SIGTERM to the master, up to 10 s for the master and its process group to
   * end, then SIGKILL to the group. Returns once no process of the group is left (or 2 s after the
   * SIGKILL). Idempotent; never throws. Also runs from a JVM shutdown hook (Ctrl-C, SIGTERM) for
   * a server still running then: it runs in a session of its own, which a terminal's Ctrl-C does not
   * reach.
   */
  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    closed = true;
    stop(process, masterPid);
    if (Thread.currentThread() != onExit) {
      try {
        Runtime.getRuntime().removeShutdownHook(onExit);
      } catch (IllegalStateException e) {
        // the JVM is shutting down: the hook may run, and finds the server closed
      }
    }
  }

  private static ForeignServer launch(ServerFlavour flavour, ForeignServerSpec spec, int port, boolean root,
      String version) throws ForeignServerException, PortTaken {
    Path work = spec.workDir();
    Path config;
    try {
      config = flavour.writeConfig(spec, port, root);
      Files.deleteIfExists(flavour.pidFile(work));
    } catch (IOException e) {
      throw new ForeignServerException(flavour.kind() + ": cannot write its configuration in " + work + ": " + e);
    }
    List<String> command = new ArrayList<>();
    command.add("setsid");
    command.addAll(spec.commandPrefix());
    command.addAll(flavour.command(config));
    Path console = work.resolve("console.log");
    Process process;
    try {
      process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(console.toFile())
          .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile())).start();
    } catch (IOException e) {
      throw new ForeignServerException("'" + String.join(" ", command) + "' did not start: " + e.getMessage());
    }
    long deadlineNanos = System.nanoTime() + spec.startTimeout().toNanos();
    long master = -1;
    String where = flavour.kind() + " on " + spec.bindAddress() + ":" + port;
    try {
      while (true) {
        if (!process.isAlive()) {
          String tail = tail(flavour, work);
          stop(process, master);
          String line = where + ": '" + String.join(" ", command) + "' exited " + process.exitValue()
              + " during its start; " + tail;
          if (tail.contains("Address already in use")) {
            throw new PortTaken(line);
          }
          throw new ForeignServerException(line);
        }
        if (master < 0) {
          master = readPid(flavour.pidFile(work));
        }
        if (master > 0 && ProcessTable.listens(master, port)
            && (!spec.commandPrefix().isEmpty() || accepts(spec.bindAddress(), port))
            && ProcessTable.children(master).size() >= flavour.startWorkers()) {
          return new ForeignServer(flavour, spec, config, port, process, master, version);
        }
        if (System.nanoTime() - deadlineNanos > 0) {
          int workers = master > 0 ? ProcessTable.children(master).size() : 0;
          String tail = tail(flavour, work);
          stop(process, master);
          throw new ForeignServerException(where + ": not ready within " + spec.startTimeout().toMillis()
              + " ms (pid file " + (master > 0 ? "pid " + master : "missing") + ", " + workers + " of "
              + flavour.startWorkers() + " workers); " + tail);
        }
        Thread.sleep(POLL_MILLIS);
      }
    } catch (InterruptedException e) {
      stop(process, master);
      Thread.currentThread().interrupt();
      throw new ForeignServerException(where + ": start interrupted");
    }
  }

  private static void stop(Process process, long master) {
    long group = process.pid();
    long target = master > 0 && ProcessTable.alive(master) ? master : group;
    ProcessTable.signal(target, ProcessTable.SIGTERM);
    long startNanos = System.nanoTime();
    while (System.nanoTime() - startNanos < STOP_NANOS && anyLeft(group, master)) {
      sleepQuietly();
    }
    if (anyLeft(group, master)) {
      ProcessTable.signalGroup(group, ProcessTable.SIGKILL);
      if (master > 0) {
        for (long child : ProcessTable.children(master)) {
          ProcessTable.signal(child, ProcessTable.SIGKILL);
        }
        ProcessTable.signal(master, ProcessTable.SIGKILL);
      }
      long killNanos = System.nanoTime();
      while (System.nanoTime() - killNanos < TimeUnit.SECONDS.toNanos(2) && anyLeft(group, master)) {
        sleepQuietly();
      }
    }
    try {
      process.waitFor(1, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static boolean anyLeft(long group, long master) {
    return !ProcessTable.inGroup(group).isEmpty()
        || (master > 0 && (ProcessTable.alive(master) || !ProcessTable.children(master).isEmpty()));
  }

  private static void sleepQuietly() {
    try {
      Thread.sleep(POLL_MILLIS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** The last lines of the error log and the console, as one line. */
  private static String tail(ServerFlavour flavour, Path work) {
    List<String> lines = new ArrayList<>();
    for (Path log : List.of(flavour.errorLog(work), work.resolve("console.log"))) {
      try {
        List<String> all = Files.readAllLines(log, StandardCharsets.UTF_8);
        for (String l : all.subList(Math.max(0, all.size() - TAIL_LINES), all.size())) {
          if (!l.isBlank()) {
            lines.add(l.strip());
          }
        }
      } catch (IOException e) {
        // not written yet
      }
    }
    return lines.isEmpty() ? "its logs are empty (" + flavour.errorLog(work) + ")"
        : "log tail (" + flavour.errorLog(work) + "): " + String.join(" | ", lines);
  }

  private static long readPid(Path pidFile) {
    try {
      String text = Files.readString(pidFile).strip();
      return text.isEmpty() ? -1 : Long.parseLong(text);
    } catch (IOException | NumberFormatException e) {
      return -1;
    }
  }

  private static boolean accepts(String address, int port) {
    try (Socket s = new Socket()) {
      s.connect(new InetSocketAddress(address, port), 200);
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  private static int freePort(String address) throws ForeignServerException {
    try (ServerSocket s = new ServerSocket()) {
      s.bind(new InetSocketAddress(address, 0));
      return s.getLocalPort();
    } catch (IOException e) {
      throw new ForeignServerException("no free port on " + address + ": " + e.getMessage());
    }
  }

  private static String version(ServerFlavour flavour) throws ForeignServerException {
    try {
      Process p = new ProcessBuilder(flavour.binary().toString(), "-v").redirectErrorStream(true).start();
      p.getOutputStream().close();
      if (!p.waitFor(5, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        throw new ForeignServerException(flavour.binary() + " -v: no answer within 5 s");
      }
      String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
      return out.lines().findFirst().orElse("").replaceFirst("^Server version: ", "");
    } catch (IOException e) {
      throw new ForeignServerException(flavour.binary() + " -v: " + e.getMessage());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new ForeignServerException(flavour.binary() + " -v: interrupted");
    }
  }

  /**
   * Creates the work directory and docroot; as root, where the servers' workers run as www-data,
   * makes both rwxr-xr-x and checks www-data can reach the docroot through its parents.
   */
  private static void prepareDirectories(ForeignServerSpec spec, boolean root) throws ForeignServerException {
    try {
      Files.createDirectories(spec.workDir());
      Files.createDirectories(spec.docroot());
      if (!root) {
        return;
      }
      Set<PosixFilePermission> open = PosixFilePermissions.fromString("rwxr-xr-x");
      Files.setPosixFilePermissions(spec.workDir(), open);
      Files.setPosixFilePermissions(spec.docroot(), open);
      for (Path dir = spec.docroot().toRealPath().getParent(); dir != null; dir = dir.getParent()) {
        Set<PosixFilePermission> perms = Files.getPosixFilePermissions(dir);
        if (!perms.contains(PosixFilePermission.OTHERS_EXECUTE)) {
          throw new ForeignServerException("docroot " + spec.docroot() + " is out of reach of www-data, which the"
              + " servers' workers run as: " + dir + " is " + PosixFilePermissions.toString(perms)
              + " (needs o+x, e.g. chmod o+x " + dir + ")");
        }
      }
    } catch (IOException e) {
      throw new ForeignServerException("cannot prepare " + spec.workDir() + ": " + e.getMessage());
    }
  }

  /** The server could not bind its port: the start may be retried with another. */
  private static final class PortTaken extends Exception {
    private static final long serialVersionUID = 1L;

    PortTaken(String message) {
      super(message, null, false, false);
    }
  }

  @Override
  public String toString() {
    return String.format(Locale.ROOT, "%s on %s (master pid %d)", kind(), baseUrl(), masterPid);
  }
}
