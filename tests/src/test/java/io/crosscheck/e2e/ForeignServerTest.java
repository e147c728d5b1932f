package io.crosscheck.e2e;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.crosscheck.foreign.ForeignServer;
import io.crosscheck.foreign.ForeignServerException;
import io.crosscheck.foreign.ForeignServerSpec;
import io.crosscheck.foreign.RubisSnapshot;
import io.crosscheck.spi.RubisSupport;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * lighttpd and Apache prefork as the flash-crowd study runs them (issue 16), real processes on
 * loopback serving a real snapshot of the embedded RUBiS pages: every page and image comes back
 * byte for byte over a keep-alive socket, the worker pools have the configured size (lighttpd 2,
 * prefork 15 at start), a burst of 40 keep-alive connections makes prefork spawn children, and after
 * close (or a failed start) no process is left in /proc and the port is free again.
 */
@Tag("heavy")
class ForeignServerTest {
  private static final int BURST_CONNECTIONS = 40;
  private static final long BURST_WATCH_MILLIS = 8_000;

  @TempDir
  static Path dir;
  private static Path docroot;
  private static RubisSnapshot snapshot;

  @BeforeAll
  static void snapshot() throws IOException {
    // the workers run as www-data: @TempDir makes its directory rwx------
    Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
    docroot = dir.resolve("docroot");
    snapshot = RubisSnapshot.write(RubisSupport.find().orElseThrow(), docroot);
    System.out.printf(Locale.ROOT, "[foreign] RUBiS snapshot: %d pages + %d images, %d bytes%n",
        snapshot.pages().size(), snapshot.resources().size(), snapshot.bytes());
    assertTrue(snapshot.pages().size() >= 20 && snapshot.pages().size() <= 40, "pages: " + snapshot.pages());
    assertTrue(snapshot.pages().contains("/PHP/index.html"), snapshot.pages().toString());
    assertTrue(snapshot.pages().stream().anyMatch(p -> p.startsWith("/PHP/ViewItem-itemId-")), snapshot.pages().toString());
    assertTrue(snapshot.pages().stream().noneMatch(p -> p.contains("?")), snapshot.pages().toString());
  }

  @Test
  void lighttpdServesTheSnapshotWithTwoWorkersAndLeavesNothingBehind() throws Exception {
    serveThenCheckNothingLeft(ForeignServer.Kind.LIGHTTPD, "lighttpd", 2, "lighttpd's worker processes (server.max-worker = 2)",
        (server, startedMillis) -> {
          ForeignServer.Description d = server.describe();
          assertTrue(d.version().startsWith("lighttpd/1.4"), d.toString());
          System.out.printf(Locale.ROOT, "[lighttpd] %s started in %d ms on port %d, workers %d, %d files identical%n",
              d.version(), startedMillis, server.port(), server.workers(),
              snapshot.pages().size() + snapshot.resources().size());
        });
  }

  @Test
  void apachePreforkStartsFifteenChildrenAndSpawnsMoreUnderABurst() throws Exception {
    // StartServers 15 forks all 15 before the main loop; MaxSpareServers 15 keeps them
    serveThenCheckNothingLeft(ForeignServer.Kind.APACHE_PREFORK, "apache-prefork", 15, "prefork children right after start",
        (server, startedMillis) -> {
          Thread.sleep(1_500);
          assertEquals(15, server.workers(), "an idle pool neither shrinks nor grows (MaxSpareServers 15)");
          long readNanos = System.nanoTime();
          for (int i = 0; i < 100; i++) {
            assertEquals(15, server.workers());
          }
          long perReadMicros = (System.nanoTime() - readNanos) / 100 / 1_000;
          System.out.printf(Locale.ROOT, "[apache] %s started in %d ms, workers %d (one workers() read of /proc: %d us)%n",
              server.describe().version(), startedMillis, server.workers(), perReadMicros);
          burst(server);
        });
  }

  /** What a test checks on a started server that {@link #fetchEverything} has just read in full. */
  private interface StartedCheck {
    void check(ForeignServer server, long startedMillis) throws Exception;
  }

  /**
   * Starts {@code kind} in a work directory named {@code label} on a free loopback port, checks it
   * calls itself {@code label} and has {@code workers} at start, fetches every file, runs {@code
   * then}, closes it, and checks no process is left and the port is free.
   */
  private static void serveThenCheckNothingLeft(ForeignServer.Kind kind, String label, int workers,
      String workersWhat, StartedCheck then) throws Exception {
    ForeignServerSpec spec = ForeignServerSpec.in(dir.resolve(label)).withDocroot(docroot);
    int port;
    String config;
    long startNanos = System.nanoTime();
    try (ForeignServer server = ForeignServer.start(kind, spec)) {
      long startedMillis = (System.nanoTime() - startNanos) / 1_000_000;
      port = server.port();
      config = server.configFile().toString();
      assertEquals(label, server.kind());
      assertEquals(workers, server.workers(), workersWhat);
      fetchEverything(server);
      then.check(server, startedMillis);
    }
    assertNothingLeft(config, port);
  }

  @Test
  void aStartOnAPortInUseFailsWithOneLineAndTheLogTail() throws Exception {
    try (ServerSocket taken = new ServerSocket()) {
      taken.bind(new InetSocketAddress("127.0.0.1", 0));
      for (ForeignServer.Kind kind : ForeignServer.Kind.values()) {
        Path work = dir.resolve("taken-" + kind.label());
        ForeignServerSpec spec = ForeignServerSpec.in(work).withDocroot(docroot).withPort(taken.getLocalPort());
        long startNanos = System.nanoTime();
        ForeignServerException e = assertThrows(ForeignServerException.class, () -> ForeignServer.start(kind, spec));
        long failedMillis = (System.nanoTime() - startNanos) / 1_000_000;
        String line = e.getMessage();
        System.out.printf(Locale.ROOT, "[%s] port in use: failed in %d ms: %s%n", kind.label(), failedMillis, line);
        assertFalse(line.contains("\n"), line);
        assertTrue(line.contains("127.0.0.1:" + taken.getLocalPort()), line);
        assertTrue(line.contains("Address already in use"), line);
        assertTrue(line.contains(work.resolve("error.log").toString()), line);
        assertEquals(List.of(), processesNaming(work.toString()), "processes left after a failed start");
      }
    }
  }

  @Test
  void underANamespacePrefixTheStartWaitsForTheSocketInsideTheNamespace() throws Exception {
    String ns = "cc-foreign-" + ProcessHandle.current().pid();
    run(List.of("ip", "netns", "add", ns));
    try {
      run(List.of("ip", "-n", ns, "link", "set", "lo", "up"));
      for (ForeignServer.Kind kind : ForeignServer.Kind.values()) {
        Path work = dir.resolve("netns-" + kind.label());
        ForeignServerSpec spec = ForeignServerSpec.in(work).withDocroot(docroot)
            .withCommandPrefix(List.of("ip", "netns", "exec", ns));
        int port;
        long startNanos = System.nanoTime();
        try (ForeignServer server = ForeignServer.start(kind, spec)) {
          long startedMillis = (System.nanoTime() - startNanos) / 1_000_000;
          port = server.port();
          assertEquals(server.startWorkers(), server.workers(), kind.label() + " workers in the namespace");
          // the host's loopback has nothing on that port: the server is only in the namespace
          try (Socket s = new Socket()) {
            assertThrows(IOException.class, () -> s.connect(new InetSocketAddress("127.0.0.1", server.port()), 500));
          }
          String path = snapshot.pages().get(snapshot.pages().size() - 1);
          byte[] body = run(List.of("ip", "netns", "exec", ns, "curl", "-sf", server.baseUrl() + path));
          assertArrayEquals(Files.readAllBytes(docroot.resolve(path.substring(1))), body, kind.label() + " " + path);
          System.out.printf(Locale.ROOT, "[%s] in netns %s: ready in %d ms, workers %d, %s fetched inside%n",
              kind.label(), ns, startedMillis, server.workers(), path);
        }
        assertEquals(List.of(), processesNaming(work.toString()), "processes left after close() in the namespace");
      }
    } finally {
      run(List.of("ip", "netns", "del", ns));
    }
  }

  @Test
  void ctrlCOnTheJvmStopsTheServerItStarted() throws Exception {
    Path work = dir.resolve("sigint");
    Path log = dir.resolve("sigint-child.log");
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    Process child = new ProcessBuilder(DefaultSignals.command(List.of(java, "-cp", System.getProperty("java.class.path"),
        HoldServer.class.getName(), work.toString(), docroot.toString())))
        .redirectErrorStream(true).redirectOutput(log.toFile()).start();
    try {
      long deadlineNanos = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
      while (!Files.readString(log).contains("started") && System.nanoTime() < deadlineNanos && child.isAlive()) {
        Thread.sleep(50);
      }
      String config = work.resolve("apache2.conf").toString();
      int before = processesNaming(config).size();
      assertEquals(16, before, "apache master and 15 children in the child JVM: " + Files.readString(log));
      long sentNanos = System.nanoTime();
      new ProcessBuilder("kill", "-INT", Long.toString(child.pid())).start().waitFor(5, TimeUnit.SECONDS);
      assertTrue(child.waitFor(15, TimeUnit.SECONDS), "the child JVM did not end on SIGINT");
      long stoppedMillis = (System.nanoTime() - sentNanos) / 1_000_000;
      assertEquals(List.of(), processesNaming(config), "processes left after Ctrl-C");
      System.out.printf(Locale.ROOT, "[apache] Ctrl-C on the JVM: %d server processes → 0 in %d ms (exit %d)%n",
          before, stoppedMillis, child.exitValue());
    } finally {
      if (child.isAlive()) {
        // SIGTERM runs the child's shutdown hook too; SIGKILL would leave its server behind
        child.destroy();
        child.waitFor(15, TimeUnit.SECONDS);
      }
    }
  }

  /** A JVM that starts Apache prefork in {@code args[0]} serving {@code args[1]} and waits to be stopped. */
  static final class HoldServer {
    public static void main(String[] args) throws Exception {
      ForeignServer server = ForeignServer.start(ForeignServer.Kind.APACHE_PREFORK,
          ForeignServerSpec.in(Path.of(args[0])).withDocroot(Path.of(args[1])));
      System.out.println("started " + server);
      Thread.sleep(60_000);
    }
  }

  /** Runs a command (bounded, 10 s); its stdout, or an AssertionError with its output. */
  private static byte[] run(List<String> command) throws Exception {
    Path out = Files.createTempFile(dir, "cmd", ".out");
    Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(out.toFile()).start();
    assertTrue(p.waitFor(10, TimeUnit.SECONDS), command + " did not end within 10 s");
    byte[] bytes = Files.readAllBytes(out);
    assertEquals(0, p.exitValue(), command + ": " + new String(bytes, StandardCharsets.UTF_8));
    return bytes;
  }

  /** Every page and image over one keep-alive connection: 200 and the file's bytes. */
  private static void fetchEverything(ForeignServer server) throws IOException {
    List<String> all = new ArrayList<>(snapshot.pages());
    all.addAll(snapshot.resources());
    try (Socket s = new Socket("127.0.0.1", server.port())) {
      s.setSoTimeout(5_000);
      for (String path : all) {
        Response r = get(s, path);
        assertEquals(200, r.status, server.kind() + " " + path);
        assertArrayEquals(Files.readAllBytes(docroot.resolve(path.substring(1))), r.body, server.kind() + " " + path);
      }
    }
  }

  /**
   * 40 connections at once, each making one keep-alive request and then holding its connection (and
   * so a prefork child, for KeepAliveTimeout 5 s): the pool must grow past 15 within 8 s.
   */
  private static void burst(ForeignServer server) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(BURST_CONNECTIONS);
    CountDownLatch release = new CountDownLatch(1);
    List<Future<Integer>> replies = new ArrayList<>();
    List<String> series = new ArrayList<>();
    int before = server.workers();
    long startNanos = System.nanoTime();
    long firstAboveNanos = -1;
    int peak = before;
    try {
      for (int i = 0; i < BURST_CONNECTIONS; i++) {
        String path = snapshot.pages().get(i % snapshot.pages().size());
        replies.add(pool.submit(() -> {
          try (Socket s = new Socket("127.0.0.1", server.port())) {
            s.setSoTimeout(10_000);
            int status = get(s, path).status;
            release.await(BURST_WATCH_MILLIS + 2_000, TimeUnit.MILLISECONDS);
            return status;
          }
        }));
      }
      while (System.nanoTime() - startNanos < TimeUnit.MILLISECONDS.toNanos(BURST_WATCH_MILLIS)) {
        int w = server.workers();
        long atMillis = (System.nanoTime() - startNanos) / 1_000_000;
        if (series.isEmpty() || !series.get(series.size() - 1).endsWith("=" + w)) {
          series.add(String.format(Locale.ROOT, "%.1fs=%d", atMillis / 1000.0, w));
        }
        peak = Math.max(peak, w);
        if (w > before && firstAboveNanos < 0) {
          firstAboveNanos = System.nanoTime();
        }
        if (w >= BURST_CONNECTIONS) {
          break;
        }
        Thread.sleep(100);
      }
      release.countDown();
      for (Future<Integer> f : replies) {
        assertEquals(200, f.get(15, TimeUnit.SECONDS));
      }
    } finally {
      release.countDown();
      pool.shutdownNow();
      pool.awaitTermination(10, TimeUnit.SECONDS);
    }
    System.out.printf(Locale.ROOT, "[apache] workers %d → %d after %d connections, first spawn after %.1f s; series %s%n",
        before, peak, BURST_CONNECTIONS,
        firstAboveNanos < 0 ? Double.NaN : (firstAboveNanos - startNanos) / 1e9, String.join(" ", series));
    assertTrue(peak > 15, "prefork did not spawn children under " + BURST_CONNECTIONS + " connections: " + series);
  }

  private static void assertNothingLeft(String config, int port) throws IOException {
    assertEquals(List.of(), processesNaming(config), "processes left after close()");
    try (ServerSocket again = new ServerSocket()) {
      again.bind(new InetSocketAddress("127.0.0.1", port));
    }
  }

  /** Live processes whose command line contains {@code text}, read from /proc. */
  private static List<String> processesNaming(String text) throws IOException {
    List<String> out = new ArrayList<>();
    try (DirectoryStream<Path> procs = Files.newDirectoryStream(Path.of("/proc"), p -> p.getFileName().toString().matches("\\d+"))) {
      for (Path p : procs) {
        try {
          String cmd = new String(Files.readAllBytes(p.resolve("cmdline")), StandardCharsets.UTF_8).replace('\0', ' ');
          String stat = Files.readString(p.resolve("stat"));
          boolean zombie = stat.substring(stat.lastIndexOf(')') + 2).startsWith("Z");
          if (cmd.contains(text) && !zombie) {
            out.add(p.getFileName() + ": " + cmd.strip());
          }
        } catch (IOException e) {
          // ended while we looked
        }
      }
    }
    return out;
  }

  private record Response(int status, byte[] body) {}

  /** One HTTP/1.1 keep-alive GET on {@code s}; reads exactly Content-Length bytes of body. */
  private static Response get(Socket s, String path) throws IOException {
    OutputStream out = s.getOutputStream();
    out.write(("GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n")
        .getBytes(StandardCharsets.US_ASCII));
    out.flush();
    InputStream in = s.getInputStream();
    ByteArrayOutputStream head = new ByteArrayOutputStream();
    int matched = 0;
    while (matched < 4) {
      int b = in.read();
      if (b < 0) {
        throw new IOException("connection closed in the headers of " + path);
      }
      head.write(b);
      matched = (b == "\r\n\r\n".charAt(matched)) ? matched + 1 : (b == '\r' ? 1 : 0);
    }
    String headers = head.toString(StandardCharsets.US_ASCII);
    int status = Integer.parseInt(headers.substring(9, 12));
    int length = headers.lines().filter(l -> l.toLowerCase(Locale.ROOT).startsWith("content-length:"))
        .map(l -> Integer.parseInt(l.substring(15).strip())).findFirst()
        .orElseThrow(() -> new IOException("no Content-Length for " + path + ": " + headers));
    byte[] body = in.readNBytes(length);
    return new Response(status, body);
  }
}
