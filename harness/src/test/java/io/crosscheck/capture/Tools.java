package io.crosscheck.capture;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.math.BigDecimal;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * tcpdump/tshark as child processes, and HTTP-ish traffic on 127.0.0.1, for capture tests (of this
 * package, and the wire tests that capture their own traffic).
 */
public final class Tools {
  private Tools() {}

  /** Installs tcpdump and tshark when missing (as root), or skips the test with the reason. */
  static void requireCaptureTools() throws Exception {
    if (Files.isExecutable(Path.of("/usr/bin/tcpdump"))
        && Files.isExecutable(Path.of("/usr/bin/tshark"))) {
      return;
    }
    assumeTrue(isRoot(), "tcpdump/tshark missing and not root: apt-get install -y tcpdump tshark");
    run(List.of("sh", "-c", "DEBIAN_FRONTEND=noninteractive apt-get install -y -q "
        + "-o DPkg::Lock::Timeout=120 libpcap0.8 tcpdump tshark"), 300);
  }

  static boolean isRoot() {
    return "root".equals(System.getProperty("user.name"));
  }

  /** Runs a command to completion (bounded) and returns its stdout lines. */
  static List<String> run(List<String> command, long timeoutSeconds) throws Exception {
    Process p = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
    try {
      List<String> lines = new ArrayList<>();
      try (BufferedReader r = new BufferedReader(
          new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
        for (String line; (line = r.readLine()) != null; ) {
          lines.add(line);
        }
      }
      if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
        throw new AssertionError(command + " did not finish in " + timeoutSeconds + " s");
      }
      return lines;
    } finally {
      p.destroyForcibly();
    }
  }

  /** {@code tcpdump -r file -nn | wc -l}. */
  static int tcpdumpCount(Path file) throws Exception {
    return run(List.of("tcpdump", "-r", file.toString(), "-nn"), 60).size();
  }

  /** {@code tshark -r file -T fields -e frame.time_epoch}, as epoch nanoseconds. */
  static List<Long> tsharkEpochNanos(Path file) throws Exception {
    return run(List.of("tshark", "-r", file.toString(), "-T", "fields", "-e", "frame.time_epoch"),
        60).stream().map(s -> new BigDecimal(s.trim()).movePointRight(9).longValueExact())
        .toList();
  }

  /** A capturer started in the background; ready once its stderr says it is listening. */
  public static final class Capturer implements AutoCloseable {
    public final Process process;
    private final CountDownLatch ready = new CountDownLatch(1);

    public Capturer(List<String> command, String readyText) throws IOException {
      process = new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.DISCARD)
          .start();
      Thread reader = new Thread(() -> {
        try (BufferedReader r = new BufferedReader(new InputStreamReader(
            process.getErrorStream(), StandardCharsets.UTF_8))) {
          for (String line; (line = r.readLine()) != null; ) {
            if (line.contains(readyText)) {
              ready.countDown();
            }
          }
        } catch (IOException ignored) {
          // the process ended
        }
      }, "capturer-stderr");
      reader.setDaemon(true);
      reader.start();
    }

    public void awaitReady() throws InterruptedException {
      if (!ready.await(20, TimeUnit.SECONDS)) {
        throw new AssertionError(process.info().commandLine().orElse("capturer")
            + " not listening after 20 s");
      }
    }

    /** SIGINT, as Ctrl-C: tcpdump and dumpcap flush and close their file. */
    void interruptAndWait() throws Exception {
      run(List.of("kill", "-INT", Long.toString(process.pid())), 10);
      if (!process.waitFor(15, TimeUnit.SECONDS)) {
        throw new AssertionError("capturer " + process.pid() + " ignored SIGINT for 15 s");
      }
    }

    @Override
    public void close() {
      process.destroyForcibly();
    }
  }

  /** A server on 127.0.0.1 answering each 1 KB request with a 2 KB response, until closed. */
  static final class EchoServer implements AutoCloseable {
    static final int REQUEST_BYTES = 1024;
    static final int RESPONSE_BYTES = 2048;
    final ServerSocket socket;

    EchoServer() throws IOException {
      socket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
      Thread acceptor = new Thread(this::serve, "echo-server");
      acceptor.setDaemon(true);
      acceptor.start();
    }

    int port() {
      return socket.getLocalPort();
    }

    private void serve() {
      while (!socket.isClosed()) {
        try (Socket s = socket.accept()) {
          s.setSoTimeout(10_000);
          byte[] request = new byte[REQUEST_BYTES];
          while (s.getInputStream().readNBytes(request, 0, REQUEST_BYTES) == REQUEST_BYTES) {
            s.getOutputStream().write(response());
          }
        } catch (IOException ignored) {
          // next connection, or closed
        }
      }
    }

    /**
     * Opens one connection, does {@code roundTrips} request/response exchanges, closes it.
     *
     * @return the client's local port
     */
    int exchange(int roundTrips) throws IOException {
      try (Socket s = new Socket(InetAddress.getLoopbackAddress(), port())) {
        s.setSoTimeout(10_000);
        byte[] request = new byte[REQUEST_BYTES];
        byte[] head = "GET /item HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".getBytes();
        System.arraycopy(head, 0, request, 0, head.length);
        OutputStream out = s.getOutputStream();
        for (int i = 0; i < roundTrips; i++) {
          out.write(request);
          if (s.getInputStream().readNBytes(RESPONSE_BYTES).length != RESPONSE_BYTES) {
            throw new IOException("short response");
          }
        }
        return s.getLocalPort();
      }
    }

    private static byte[] response() {
      byte[] r = new byte[RESPONSE_BYTES];
      byte[] head = "HTTP/1.1 200 OK\r\nContent-Length: 2007\r\n\r\n".getBytes();
      System.arraycopy(head, 0, r, 0, head.length);
      return r;
    }

    @Override
    public void close() throws IOException {
      socket.close();
    }
  }
}
