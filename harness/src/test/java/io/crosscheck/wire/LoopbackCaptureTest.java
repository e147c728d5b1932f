package io.crosscheck.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.sun.net.httpserver.HttpServer;
import io.crosscheck.capture.Tools;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Real traffic: a JDK HttpServer on 127.0.0.1, ~200 requests on keep-alive and fresh connections,
 * captured by tcpdump on lo with nanosecond timestamps, rebuilt by {@link WireReconstructor} and
 * checked against tshark's {@code http.time} on the same pcap (reassembly on: request's last
 * segment to response's last segment). Skipped when tcpdump or tshark is missing.
 */
class LoopbackCaptureTest {
  private static final int KEEP_ALIVE_REQUESTS = 120;
  private static final int FRESH_CONNECTION_REQUESTS = 80;

  @TempDir Path dir;

  @Test
  void matchesRequestCountStatusesAndTsharkHttpTime() throws Exception {
    assumeTrue(Files.isExecutable(Path.of("/usr/bin/tcpdump")) || Files.isExecutable(Path.of("/usr/sbin/tcpdump")), "tcpdump");
    assumeTrue(Files.isExecutable(Path.of("/usr/bin/tshark")), "tshark");
    HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 64);
    ExecutorService pool = Executors.newFixedThreadPool(4);
    server.setExecutor(pool);
    server.createContext("/", exchange -> {
      String path = exchange.getRequestURI().getPath();
      exchange.getRequestBody().readAllBytes();
      int size = Integer.parseInt(path.substring(path.lastIndexOf('/') + 1));
      int status = path.startsWith("/missing") ? 404 : 200;
      byte[] body = new byte[size];
      java.util.Arrays.fill(body, (byte) 'a');
      // size % 7 == 3: chunked (length 0 means chunked for HttpServer); 0: empty
      exchange.sendResponseHeaders(status, size == 0 ? -1 : size % 7 == 3 ? 0 : size);
      try (OutputStream out = exchange.getResponseBody()) {
        out.write(body);
      }
    });
    server.start();
    int port = server.getAddress().getPort();
    Path pcap = dir.resolve("capture.pcap");
    Path snapPcap = dir.resolve("capture-512.pcap");
    Tools.Capturer tcpdump = tcpdump(pcap, 0, port);
    Tools.Capturer snapTcpdump = tcpdump(snapPcap, 512, port);
    Map<String, Integer> statuses = new HashMap<>();
    try {
      tcpdump.awaitReady();
      snapTcpdump.awaitReady();
      HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
          .connectTimeout(Duration.ofSeconds(5)).build();
      for (int i = 0; i < KEEP_ALIVE_REQUESTS; i++) {
        int size = sizeOf(i);
        String path = (i % 10 == 9 ? "/missing/" : "/ok/") + size;
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
            .timeout(Duration.ofSeconds(5));
        if (i % 5 == 4) {
          b.POST(HttpRequest.BodyPublishers.ofString("x".repeat(i * 37)));
        }
        HttpResponse<byte[]> r = client.send(b.build(), HttpResponse.BodyHandlers.ofByteArray());
        assertEquals(size, r.body().length);
        statuses.merge(String.valueOf(r.statusCode()), 1, Integer::sum);
      }
      for (int i = 0; i < FRESH_CONNECTION_REQUESTS; i++) {
        int size = sizeOf(i + 1_000);
        String path = "/fresh/" + size;
        try (Socket s = new Socket("127.0.0.1", port)) {
          s.setSoTimeout(5_000);
          s.getOutputStream().write(("GET " + path + " HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
              .getBytes(StandardCharsets.ISO_8859_1));
          byte[] all = s.getInputStream().readAllBytes(); // the server closes after the response
          assertTrue(new String(all, 0, 12, StandardCharsets.ISO_8859_1).startsWith("HTTP/1.1 200"));
          statuses.merge("200", 1, Integer::sum);
        }
      }
      // tcpdump loses the kernel's buffered block (handed over within its 1 s timeout) when stopped
      // right away: stop it once both files hold every exchange (10 s at most; the assertions below
      // say what is missing), not after a fixed second
      awaitCaptured(pcap, snapPcap, port, KEEP_ALIVE_REQUESTS + FRESH_CONNECTION_REQUESTS);
    } finally {
      stop(tcpdump.process);
      stop(snapTcpdump.process);
      server.stop(0);
      pool.shutdownNow();
    }

    RecordingListener seen = new RecordingListener();
    WireReconstructor reconstructor = new WireReconstructor(seen, WireOptions.DEFAULTS.withServerPort(port));
    long lastEpochNanos = readPcap(pcap, reconstructor);
    WireStats stats = reconstructor.finish(lastEpochNanos);

    assertEquals(KEEP_ALIVE_REQUESTS + FRESH_CONNECTION_REQUESTS, seen.exchanges.size(), stats.toString());
    Map<String, Integer> wireStatuses = new HashMap<>();
    for (WireExchange e : seen.exchanges) {
      assertEquals("", e.note(), e.toString());
      wireStatuses.merge(String.valueOf(e.status()), 1, Integer::sum);
    }
    assertEquals(statuses, wireStatuses);
    assertEquals(0, stats.internalErrors());
    assertEquals(0, stats.unparsableHttp());
    assertEquals(FRESH_CONNECTION_REQUESTS + 1, seen.events.stream().filter(e -> e.kind() == ConnectionEvent.Kind.OPEN).count(),
        "one keep-alive connection plus one per fresh request");

    List<long[]> tshark = tsharkHttpTimes(pcap);
    assertEquals(seen.exchanges.size(), tshark.size());
    Map<Integer, List<WireExchange>> byClientPort = new HashMap<>();
    for (WireExchange e : seen.exchanges) {
      int clientPort = Integer.parseInt(e.connectionId().substring(e.connectionId().lastIndexOf(':') + 1));
      byClientPort.computeIfAbsent(clientPort, k -> new ArrayList<>()).add(e);
    }
    Map<Integer, Integer> used = new HashMap<>();
    long maxDiffNanos = 0;
    for (long[] row : tshark) {
      int clientPort = (int) row[0];
      int index = used.merge(clientPort, 1, Integer::sum) - 1;
      WireExchange e = byClientPort.get(clientPort).get(index);
      long ours = e.lastResponseByteEpochNanos() - e.requestEndEpochNanos();
      maxDiffNanos = Math.max(maxDiffNanos, Math.abs(ours - row[1]));
    }
    System.out.printf("loopback: %d exchanges, %d packets, max |wire - tshark http.time| = %d ns%n",
        seen.exchanges.size(), stats.packets(), maxDiffNanos);
    assertTrue(maxDiffNanos <= 1_000, "max |diff| " + maxDiffNanos + " ns");

    // the same traffic cut at 512 bytes: Content-Length exchanges are rebuilt identically
    RecordingListener snapSeen = new RecordingListener();
    WireReconstructor snapReconstructor = new WireReconstructor(snapSeen, WireOptions.DEFAULTS.withServerPort(port));
    WireStats snapStats = snapReconstructor.finish(readPcap(snapPcap, snapReconstructor));
    assertTrue(snapStats.truncatedSegments() > 0, snapStats.toString());
    assertEquals(seen.exchanges.size(), snapSeen.exchanges.size(), snapStats.toString());
    // two tcpdump processes stamp the same packet a little differently: compare all but instants
    Map<String, WireExchange> full = new HashMap<>();
    for (WireExchange e : seen.exchanges) {
      full.put(e.connectionId() + "#" + e.requestIndex(), e);
    }
    int identical = 0;
    int truncated = 0;
    long maxInstantDiffNanos = 0;
    for (WireExchange e : snapSeen.exchanges) {
      WireExchange f = full.get(e.connectionId() + "#" + e.requestIndex());
      assertEquals(f.url(), e.url());
      assertEquals(f.status(), e.status());
      assertEquals(f.requestBytes(), e.requestBytes(), e.toString());
      if (e.note().isEmpty()) {
        assertEquals(f.responseBytes(), e.responseBytes(), e.toString());
        assertEquals(f.pipelined(), e.pipelined());
        maxInstantDiffNanos = Math.max(maxInstantDiffNanos,
            Math.abs(e.lastResponseByteEpochNanos() - f.lastResponseByteEpochNanos()));
        identical++;
      } else {
        assertEquals("truncated", e.note(), e.toString());
        truncated++;
      }
    }
    System.out.printf("loopback at snaplen 512: %d exchanges framed as in the full capture (max |last byte"
        + " instant diff| between the two tcpdumps %d ns), %d truncated (chunked)%n", identical, maxInstantDiffNanos, truncated);
    long chunked = seen.exchanges.stream().filter(e -> sizeFromUrl(e.url()) % 7 == 3).count();
    assertTrue(truncated <= chunked, truncated + " truncated, " + chunked + " chunked");
  }

  private static int sizeFromUrl(String url) {
    return Integer.parseInt(url.substring(url.lastIndexOf('/') + 1));
  }

  /**
   * Polls until the full capture holds {@code exchanges} whole exchanges (none cut short: the last
   * response ended in it) and the snaplen capture, on the same packets, holds at least as many
   * packets; 10 s at most.
   */
  private static void awaitCaptured(Path pcap, Path snapPcap, int port, int exchanges) throws InterruptedException {
    long untilNanos = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (System.nanoTime() - untilNanos < 0) {
      try {
        RecordingListener seen = new RecordingListener();
        WireReconstructor full = new WireReconstructor(seen, WireOptions.DEFAULTS.withServerPort(port));
        WireStats fullStats = full.finish(readPcap(pcap, full));
        if (seen.exchanges.stream().filter(e -> e.note().isEmpty()).count() >= exchanges) {
          WireReconstructor snap = new WireReconstructor(new RecordingListener(), WireOptions.DEFAULTS.withServerPort(port));
          if (snap.finish(readPcap(snapPcap, snap)).packets() >= fullStats.packets()) {
            return;
          }
        }
      } catch (IOException partlyWritten) {
        // a record is being written: read again
      }
      Thread.sleep(50);
    }
  }

  private static Tools.Capturer tcpdump(Path file, int snapLengthBytes, int port) throws IOException {
    return new Tools.Capturer(List.of("tcpdump", "-i", "lo", "-nn", "-U", "--time-stamp-precision=nano",
        "-s", String.valueOf(snapLengthBytes), "-w", file.toString(), "tcp port " + port), "listening on");
  }

  private static void stop(Process p) throws InterruptedException {
    p.destroy();
    if (!p.waitFor(10, TimeUnit.SECONDS)) {
      p.destroyForcibly();
    }
  }

  private static int sizeOf(int i) {
    int[] sizes = {0, 10, 1_000, 2_000, 17, 30_000, 100_003, 66_000, 5, 3};
    return sizes[i % sizes.length] + (i % 3);
  }

  /** A minimal pcap reader (the real one lives in io.crosscheck.capture); returns the last instant. */
  static long readPcap(Path pcap, WireReconstructor r) throws IOException {
    try (InputStream in = Files.newInputStream(pcap); DataInputStream data = new DataInputStream(new java.io.BufferedInputStream(in))) {
      byte[] header = new byte[24];
      data.readFully(header);
      ByteBuffer h = ByteBuffer.wrap(header).order(ByteOrder.LITTLE_ENDIAN);
      int magic = h.getInt(0);
      if (magic == 0xa1b2c3d4 || magic == 0xa1b23c4d) {
        // little-endian file
      } else {
        h.order(ByteOrder.BIG_ENDIAN);
        magic = h.getInt(0);
      }
      boolean nanos = magic == 0xa1b23c4d;
      int linkType = h.getInt(20);
      byte[] record = new byte[16];
      byte[] frame = new byte[262_144];
      long last = 0;
      while (data.read(record, 0, 1) == 1) {
        data.readFully(record, 1, 15);
        ByteBuffer rb = ByteBuffer.wrap(record).order(h.order());
        long seconds = rb.getInt(0) & 0xffffffffL;
        long fraction = rb.getInt(4) & 0xffffffffL;
        int captured = rb.getInt(8);
        int original = rb.getInt(12);
        data.readFully(frame, 0, captured);
        last = seconds * 1_000_000_000L + (nanos ? fraction : fraction * 1_000);
        r.packet(last, linkType, frame, 0, captured, original);
      }
      return last;
    }
  }

  /** Rows of (client port, http.time in ns) in frame order. */
  private static List<long[]> tsharkHttpTimes(Path pcap) throws Exception {
    Process p = new ProcessBuilder("tshark", "-r", pcap.toString(), "-d", "tcp.port==1024-65535,http",
        "-Y", "http.response", "-T", "fields", "-e", "tcp.srcport", "-e", "tcp.dstport", "-e", "http.time")
        .redirectError(ProcessBuilder.Redirect.DISCARD).start();
    byte[] out;
    try {
      out = p.getInputStream().readAllBytes();
      assertTrue(p.waitFor(60, TimeUnit.SECONDS), "tshark did not finish");
    } finally {
      p.destroyForcibly();
    }
    List<long[]> rows = new ArrayList<>();
    for (String line : new String(out, StandardCharsets.UTF_8).split("\n")) {
      String[] f = line.trim().split("\t");
      if (f.length < 3) {
        continue;
      }
      String[] parts = f[2].split("\\.");
      long ns = Long.parseLong(parts[0]) * 1_000_000_000L + Long.parseLong((parts[1] + "000000000").substring(0, 9));
      rows.add(new long[] {Long.parseLong(f[1]), ns});
    }
    return rows;
  }
}
