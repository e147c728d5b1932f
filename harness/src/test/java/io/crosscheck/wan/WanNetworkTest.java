package io.crosscheck.wan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.crosscheck.HostTiming;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Real namespaces, real TAPs, real TCP (python3 on each side): the RTT each client class sees
 * within 10 % above its profile, a rate-limited transfer's duration, and nothing left behind after
 * close, a failed open, SIGINT and SIGKILL (the latter with {@link WanNetwork#sweepStale()}).
 * Needs root, as crosscheck's WAN option does.
 */
class WanNetworkTest {
  private static final int PORT = 18_080;
  private static final int SAMPLES = 20;

  private static final String SERVER = String.join("\n",
      "import socket, sys, threading",
      "srv = socket.socket()",
      "srv.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)",
      "srv.bind(('127.0.0.1', int(sys.argv[1])))",
      "srv.listen(128)",
      "print('ready', flush=True)",
      "def serve(c):",
      "    try:",
      "        c.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)",
      "        mode = c.recv(1)",
      "        if mode == b'p':",
      "            while True:",
      "                b = c.recv(1)",
      "                if not b: break",
      "                c.sendall(b)",
      "        elif mode == b'd':",
      "            c.sendall(b'x' * 1000000)",
      "        elif mode == b's':",
      "            got = 0",
      "            while got < 1000000:",
      "                b = c.recv(65536)",
      "                if not b: break",
      "                got += len(b)",
      "            c.sendall(b'k')",
      "    finally:",
      "        c.close()",
      "while True:",
      "    c, _ = srv.accept()",
      "    threading.Thread(target=serve, args=(c,), daemon=True).start()");

  private static final String UDP_SINK = String.join("\n",
      "import socket, sys",
      "s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)",
      "s.bind(('127.0.0.1', int(sys.argv[1])))",
      "print('ready', flush=True)",
      "s.settimeout(8)",
      "n = 0",
      "try:",
      "    while True:",
      "        s.recv(2048)",
      "        n += 1",
      "        s.settimeout(1)",
      "except socket.timeout:",
      "    pass",
      "print(n, flush=True)");

  private static final String CLIENT = String.join("\n",
      "import socket, sys, time",
      "port, src, mode, count = int(sys.argv[1]), sys.argv[2], sys.argv[3], int(sys.argv[4])",
      "def conn():",
      "    s = socket.socket()",
      "    s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)",
      "    s.settimeout(10)",
      "    s.bind((src, 0))",
      "    t0 = time.perf_counter()",
      "    s.connect(('127.0.0.1', port))",
      "    return s, time.perf_counter() - t0",
      "if mode == 'connect':",
      "    for i in range(count):",
      "        s, dt = conn()",
      "        print('%.6f' % dt, flush=True)",
      "        s.close()",
      "elif mode == 'ping':",
      "    s, _ = conn()",
      "    s.sendall(b'p')",
      "    for i in range(count):",
      "        t0 = time.perf_counter()",
      "        s.sendall(b'x')",
      "        s.recv(1)",
      "        print('%.6f' % (time.perf_counter() - t0), flush=True)",
      "    s.close()",
      "elif mode == 'udp':",
      "    u = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)",
      "    u.bind((src, 0))",
      "    for i in range(1000):",
      "        u.sendto(b'%04d' % i, ('127.0.0.1', port))",
      "        time.sleep(0.0002)",
      "    print('0', flush=True)",
      "elif mode == 'burst':",
      "    u = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)",
      "    u.bind((src, 0))",
      "    t0 = time.perf_counter()",
      "    for i in range(1500):",
      "        u.sendto(b'x' * 200, ('127.0.0.1', port))",
      "        time.sleep(0.0002)",
      "    print('%.6f' % (time.perf_counter() - t0), flush=True)",
      "elif mode == 'pull':",
      "    s, _ = conn()",
      "    t0 = time.perf_counter()",
      "    s.sendall(b'd')",
      "    got = 0",
      "    while got < 1000000:",
      "        b = s.recv(65536)",
      "        if not b: break",
      "        got += len(b)",
      "    print('%.6f' % (time.perf_counter() - t0), flush=True)",
      "elif mode == 'bulk':",
      "    s, _ = conn()",
      "    s.sendall(b's')",
      "    data = b'x' * 1000000",
      "    t0 = time.perf_counter()",
      "    s.sendall(data)",
      "    s.recv(1)",
      "    print('%.6f' % (time.perf_counter() - t0), flush=True)");

  @Test
  void eachClassSeesItsRoundTripTimeAndRateAndNothingIsLeftAfterClose() throws Exception {
    List<WanProfile> profiles = List.of(WanProfile.parse("rtt=40ms,loss=1%"), WanProfile.parse("rtt=100ms,loss=0"),
        WanProfile.parse("rtt=2ms,up=8mbit,down=16mbit"), WanProfile.parse("mtu=576"), WanProfile.parse("loss=20%"));
    long pid = ProcessHandle.current().pid();
    Process server = null;
    try (WanNetwork network = WanNetwork.open(profiles, 42)) {
      assertEquals(List.of("127.0.0.2", "127.0.0.3", "127.0.0.4", "127.0.0.5", "127.0.0.6"), network.classAddresses());
      assertEquals("127.0.0.1", network.serverAddress());
      assertTrue(leftovers(pid).contains(network.clientNamespace()), leftovers(pid));
      assertEquals("userspace-tap", network.describe().mechanism());
      server = new ProcessBuilder(WanNetwork.inNamespace(network.serverNamespace(),
          List.of("python3", "-c", SERVER, Integer.toString(PORT)))).redirectErrorStream(true).start();
      assertEquals("ready", firstLine(server, 10));

      for (int i = 0; i < 2; i++) {
        String address = network.classAddresses().get(i);
        double rttMillis = profiles.get(i).rttNanos() / 1e6;
        double connectMillis = median(client(network, address, "connect", SAMPLES));
        double pingMillis = median(client(network, address, "ping", SAMPLES));
        System.out.printf("[wan] class %s %s: connect median %.2f ms, 1-byte ping median %.2f ms over %d each%n",
            address, profiles.get(i).label(), connectMillis, pingMillis, SAMPLES);
        for (double measured : new double[] {connectMillis, pingMillis}) {
          // the link delays every frame by its share of the round trip: never faster, whatever the load
          assertTrue(measured >= rttMillis, address + ": median " + measured + " ms below the " + rttMillis + " ms rtt");
          HostTiming.check(measured <= rttMillis * 1.10,
              "wan class " + address + ": median " + measured + " ms within +10 % of " + rttMillis + " ms");
        }
      }

      String bulkAddress = network.classAddresses().get(2);
      double bulkMillis = client(network, bulkAddress, "bulk", 1).get(0);
      long upBytes = network.describe().classes().get(2).up().bytes();
      System.out.printf("[wan] class %s %s: 1,000,000 bytes in %.1f ms (%d frame bytes up: %.1f ms at 8 mbit/s)%n",
          bulkAddress, profiles.get(2).label(), bulkMillis, upBytes, upBytes * 8 / 8e6 * 1e3);
      // the rate is a ceiling: 1 MB cannot cross 8 mbit/s faster (the shaper's first burst aside)
      assertTrue(bulkMillis > 850, "1 MB at 8 mbit/s took " + bulkMillis + " ms");
      HostTiming.check(bulkMillis < 1150, "wan: 1 MB at 8 mbit/s took " + bulkMillis + " ms, under 1150");
      double pullMillis = client(network, bulkAddress, "pull", 1).get(0);
      System.out.printf("[wan] class %s: 1,000,000 bytes down at 16 mbit/s in %.1f ms%n", bulkAddress, pullMillis);
      assertTrue(pullMillis > 425, "1 MB at 16 mbit/s took " + pullMillis + " ms");
      HostTiming.check(pullMillis < 575, "wan: 1 MB at 16 mbit/s took " + pullMillis + " ms, under 575");

      // Loss: 1,000 UDP datagrams of the loss=20% class, the only frames of that class and direction,
      // so the frames lost are exactly those the seeded draws say, run after run.
      Process sink = new ProcessBuilder(WanNetwork.inNamespace(network.serverNamespace(),
          List.of("python3", "-c", UDP_SINK, Integer.toString(PORT)))).redirectErrorStream(true).start();
      assertEquals("ready", firstLine(sink, 10));
      client(network, network.classAddresses().get(4), "udp", 1);
      assertTrue(sink.waitFor(10, TimeUnit.SECONDS), "UDP sink did not finish");
      int received = Integer.parseInt(new String(sink.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip());
      java.util.Random draws = new java.util.Random(42 * 31 + 4 * 2L);
      int expectedLost = 0;
      for (int i = 0; i < 1000; i++) {
        expectedLost += draws.nextDouble() * 100 < 20 ? 1 : 0;
      }
      long lost = network.describe().classes().get(4).up().lostFrames();
      System.out.printf("[wan] class 127.0.0.6 loss=20%%: %d of 1000 datagrams arrived, %d lost (seeded draws: %d)%n",
          received, lost, expectedLost);
      assertEquals(expectedLost, lost);
      assertEquals(1000 - expectedLost, received);

      // The 576-byte class: its frames (Ethernet header included) stay within 576 + 14 in both
      // directions while the other classes' bulk frames reach 1500 + 14.
      client(network, network.classAddresses().get(3), "bulk", 1);
      WanDescription record = network.describe();
      List<WanDescription.ClientClass> classes = record.classes();
      int smallUp = classes.get(3).up().largestFrameBytes();
      int smallDown = classes.get(3).down().largestFrameBytes();
      int bulkUp = classes.get(2).up().largestFrameBytes();
      System.out.printf("[wan] largest frames: class 127.0.0.5 mtu=576 up %d down %d bytes; class 127.0.0.4 up %d%n",
          smallUp, smallDown, bulkUp);
      assertTrue(smallUp > 500 && smallUp <= 590 && smallDown <= 590, smallUp + " / " + smallDown);
      assertEquals(1514, bulkUp);
      System.out.println("[wan] " + record);
      long firstUpFrames = record.classes().get(0).up().frames();
      assertTrue(firstUpFrames >= 4 * SAMPLES, "class 127.0.0.2 forwarded only " + firstUpFrames + " frames up");
    } finally {
      if (server != null) {
        server.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
      }
    }
    assertEquals("", leftovers(pid), "left after close()");
  }

  /**
   * The queue limit: 1,500 datagrams of 242 frame bytes into an 8 kbit/s class (242 ms each on the
   * link) within about half a second, so at most a few leave before the queue holds {@link
   * WanLink#QUEUE_LIMIT_FRAMES} and the rest are tail-dropped.
   */
  @Test
  void framesBeyondTheQueueLimitAreTailDropped() throws Exception {
    try (WanNetwork network = WanNetwork.open(List.of(WanProfile.parse("rate=8kbit")), 7)) {
      double burstMillis = client(network, network.classAddresses().get(0), "burst", 1).get(0);
      LinkCounts up = network.describe().classes().get(0).up();
      long frames = up.frames();
      long dropped = up.queueDroppedFrames();
      System.out.printf("[wan] queue limit %d: %d frames up in %.0f ms, %d tail-dropped%n", WanLink.QUEUE_LIMIT_FRAMES,
          frames, burstMillis, dropped);
      assertEquals(1500, frames);
      assertEquals(0L, up.lostFrames());
      // the queue holds its limit, and beyond it only what the link sent while the burst lasted
      // (242 ms a frame; two more for the frames in flight at either end) escaped the drop: a bound
      // from the burst's own duration, however slowly this host sent it
      long leftDuringBurst = (long) Math.ceil(burstMillis / 242) + 2;
      assertTrue(dropped <= 1500 - WanLink.QUEUE_LIMIT_FRAMES
          && dropped >= 1500 - WanLink.QUEUE_LIMIT_FRAMES - leftDuringBurst,
          dropped + " tail-dropped, the burst took " + burstMillis + " ms");
      HostTiming.check(dropped >= 1500 - WanLink.QUEUE_LIMIT_FRAMES - 10,
          "wan queue: " + dropped + " tail-dropped, at most 10 frames left the link during the burst (" + burstMillis
              + " ms)");
    }
  }

  @Test
  void aFailedOpenRemovesWhatItCreated() throws Exception {
    long pid = ProcessHandle.current().pid();
    String clash = "ccw" + pid + "-0c";
    run(List.of("ip", "link", "add", clash, "type", "veth", "peer", "name", "ccw" + pid + "-0p"));
    try {
      IOException e = assertThrows(IOException.class, () -> WanNetwork.open(List.of(WanProfile.parse("rtt=1ms")), 1));
      System.out.println("[wan] forced failure: " + e.getMessage());
      assertTrue(e.getMessage().contains("TUNSETIFF, " + clash), e.getMessage());
      assertEquals(List.of("ccw" + pid + "-0c", "ccw" + pid + "-0p"),
          List.of(leftovers(pid).split(" ")).stream().distinct().sorted().toList(), "only the clashing veth should remain");
    } finally {
      run(List.of("ip", "link", "del", clash));
    }
    assertEquals("", leftovers(pid), "left after a failed open");
  }

  @Test
  void sigintOfTheRunRemovesItsNamespaces() throws Exception {
    Process child = child();
    try {
      String line = openLine(child);
      assertTrue(leftovers(child.pid()).contains(line.split(" ")[1]), leftovers(child.pid()));
      long startNanos = System.nanoTime();
      run(List.of("kill", "-INT", Long.toString(child.pid())));
      assertTrue(child.waitFor(30, TimeUnit.SECONDS), "child did not exit on SIGINT within 30 s");
      System.out.printf("[wan] SIGINT: child exited %d after %.0f ms%n", child.exitValue(),
          (System.nanoTime() - startNanos) / 1e6);
      assertEquals("", leftovers(child.pid()), "left after SIGINT");
    } finally {
      child.destroyForcibly();
    }
  }

  @Test
  void sweepStaleRemovesTheNamespacesOfAKilledRun() throws Exception {
    Process child = child();
    try {
      String line = openLine(child);
      child.destroyForcibly();
      assertTrue(child.waitFor(10, TimeUnit.SECONDS));
      String[] names = line.split(" ");
      assertTrue(leftovers(child.pid()).contains(names[1]), "SIGKILL should leave the namespaces: " + line);
      List<String> removed = WanNetwork.sweepStale();
      System.out.println("[wan] sweepStale after SIGKILL removed " + removed);
      assertTrue(removed.containsAll(List.of(names[1], names[2])), removed.toString());
      assertEquals("", leftovers(child.pid()), "left after sweepStale()");
    } finally {
      child.destroyForcibly();
    }
  }

  /**
   * The red team's case: SIGKILL during {@code study wan} left lighttpd running in the server
   * namespace, and the sweep removed the namespace, not the server. Now the sweep stops it and says so.
   */
  @Test
  void sweepStaleStopsTheServerAKilledRunLeftInItsNamespace(@org.junit.jupiter.api.io.TempDir Path tmp)
      throws Exception {
    // lighttpd's workers run as www-data: the docroot's directories must be searchable
    java.nio.file.Files.setPosixFilePermissions(tmp, java.nio.file.attribute.PosixFilePermissions.fromString(
        "rwx--x--x"));
    Process child = child("--lighttpd", tmp.resolve("server").toString(), "rtt=10ms");
    long master = -1;
    try {
      String line = firstLine(child, 30);
      assertTrue(line.startsWith("open ") && line.contains(" lighttpd "), line);
      String[] words = line.split(" ");
      master = Long.parseLong(words[4]);
      child.destroyForcibly();
      assertTrue(child.waitFor(10, TimeUnit.SECONDS));
      assertTrue(ProcessHandle.of(master).map(ProcessHandle::isAlive).orElse(false),
          "SIGKILL of the run leaves its lighttpd running (pid " + master + ")");
      long startNanos = System.nanoTime();
      List<String> removed = WanNetwork.sweepStale();
      System.out.printf("[wan] sweepStale after SIGKILL with lighttpd: %s in %.0f ms%n", removed,
          (System.nanoTime() - startNanos) / 1e6);
      assertTrue(removed.contains("process " + master + " (lighttpd) in " + words[2]), removed.toString());
      assertTrue(removed.containsAll(List.of(words[1], words[2])), removed.toString());
      long deadlineNanos = System.nanoTime() + 2_000_000_000L;
      while (isLive(master) && System.nanoTime() < deadlineNanos) {
        Thread.sleep(20);
      }
      assertTrue(!isLive(master), "lighttpd " + master + " was stopped");
      assertEquals("", leftovers(child.pid()), "left after sweepStale()");
    } finally {
      child.destroyForcibly();
      if (master > 0) {
        ProcessHandle.of(master).ifPresent(h -> {
          h.descendants().forEach(ProcessHandle::destroyForcibly); // its workers too
          h.destroyForcibly();
        });
      }
    }
  }

  /** Alive and not a zombie waiting for init to reap it. */
  private static boolean isLive(long pid) throws IOException {
    Path stat = Path.of("/proc", Long.toString(pid), "stat");
    if (!java.nio.file.Files.exists(stat)) {
      return false;
    }
    String text = java.nio.file.Files.readString(stat);
    return text.charAt(text.lastIndexOf(')') + 2) != 'Z';
  }

  private static Process child(String... args) throws IOException {
    Path java = Path.of(System.getProperty("java.home"), "bin", "java");
    // SIGINT reset to its default first (as tests/.../e2e/DefaultSignals does): a suite started in the
    // background of a non-interactive shell passes SIGINT on ignored, and the JVM then never hears it
    List<String> command = new ArrayList<>(List.of("/usr/bin/perl", "-e",
        "$SIG{INT} = 'DEFAULT'; exec { $ARGV[0] } @ARGV or die", java.toString(), "-cp",
        System.getProperty("java.class.path"), WanNetworkChild.class.getName()));
    command.addAll(args.length == 0 ? List.of("rtt=10ms", "rtt=20ms,rate=1mbit") : List.of(args));
    // stderr apart: its sweep of another run's leftovers prints a line there before "open ..."
    return new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
  }

  /** Namespaces and (host) links named after {@code pid}, space-separated; empty when none. */
  private static String leftovers(long pid) throws IOException {
    List<String> found = new ArrayList<>();
    for (String command : new String[] {"ip netns list", "ip -o link"}) {
      for (String line : run(List.of(command.split(" "))).split("\n")) {
        for (String word : line.split("[\\s:@]+")) {
          if (word.startsWith("ccwan-" + pid + "-") || word.startsWith("ccw" + pid + "-")) {
            found.add(word);
          }
        }
      }
    }
    return String.join(" ", found);
  }

  private static List<Double> client(WanNetwork network, String address, String mode, int count) throws Exception {
    Process p = new ProcessBuilder(WanNetwork.inNamespace(network.clientNamespace(),
        List.of("python3", "-c", CLIENT, Integer.toString(PORT), address, mode, Integer.toString(count))))
        .redirectErrorStream(true).start();
    assertTrue(p.waitFor(30, TimeUnit.SECONDS), "client " + mode + " " + address + " did not finish in 30 s");
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertEquals(0, p.exitValue(), out);
    List<Double> millis = new ArrayList<>();
    for (String line : out.strip().split("\n")) {
      millis.add(Double.parseDouble(line) * 1e3);
    }
    assertEquals(count, millis.size(), out);
    return millis;
  }

  private static double median(List<Double> values) {
    List<Double> sorted = new ArrayList<>(values);
    sorted.sort(null);
    int n = sorted.size();
    return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
  }

  /** The process's first output line, waiting at most {@code seconds}. */
  /** The child's first line, within 20 s, which must say it opened its namespaces ("open ..."). */
  private static String openLine(Process child) throws Exception {
    String line = firstLine(child, 20);
    assertTrue(line.startsWith("open "), line);
    return line;
  }

  private static String firstLine(Process p, int seconds) throws Exception {
    BufferedReader in = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
    long deadlineNanos = System.nanoTime() + seconds * 1_000_000_000L;
    StringBuilder line = new StringBuilder();
    while (System.nanoTime() < deadlineNanos) {
      if (!in.ready()) {
        if (!p.isAlive() && !in.ready()) {
          break;
        }
        Thread.sleep(20);
        continue;
      }
      int c = in.read();
      if (c < 0 || c == '\n') {
        break;
      }
      line.append((char) c);
    }
    return line.toString();
  }

  private static String run(List<String> command) throws IOException {
    return Commands.check(command);
  }
}
