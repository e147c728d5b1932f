package io.crosscheck.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.crosscheck.cli.Main;
import io.crosscheck.record.Outcome;
import io.crosscheck.record.RequestCsv;
import io.crosscheck.record.RequestRecord;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * A target named by a DNS name: resolved once at the job's start, the address printed and recorded
 * in run.json, every connection of every engine sent there with the name kept in the Host header;
 * a name that does not resolve stops the command with exit 2 naming the failed resolution. The name
 * is resolved from a hosts file of the test's own ({@code -Djdk.net.hosts.file} in a child JVM) that
 * gives it two loopback addresses, 127.0.0.1 (where the test's server listens) first and 127.0.0.3
 * (nothing listens) second; {@code server.invalid} never resolves (RFC 6761) and nothing is asked of
 * the resolver. Every byte goes to 127.0.0.1.
 */
@ChildJvmsProveBehaviour
class AnyTargetTest {
  private static final String NAME = "crosscheck-server.test";

  @Test
  void aNameThatDoesNotResolveExitsTwoNamingTheFailedResolution(@TempDir Path out) throws Exception {
    for (String command : List.of("run", "audit")) {
      CommandLine cl = Main.commandLine();
      StringWriter err = new StringWriter();
      cl.setErr(new PrintWriter(err, true));
      int code = cl.execute(command, "--target", "http://server.invalid:8080", "--users", "1", "--duration", "1s",
          "--out", out.toString(), "--progress", "off");
      assertEquals(2, code, err.toString());
      assertEquals(List.of("crosscheck " + command + ": target http://server.invalid:8080: no such host:"
          + " server.invalid does not resolve (a name under .invalid never does, RFC 6761; nothing was asked of the"
          + " resolver); expected --target http://HOST:PORT with a host that resolves (nothing was started)"),
          err.toString().lines().toList());
      assertFalse(err.toString().toLowerCase(Locale.ROOT).contains("loopback"), err.toString());
      assertTrue(!Files.exists(out) || isEmpty(out), "no run directory was made");
      System.out.println("[no such host] " + command + ": exit " + code + ": " + err.toString().strip());
    }
  }

  @Test
  void aNameIsResolvedOnceEveryConnectionGoesToTheFirstAddressAndTheHostHeaderKeepsTheName(@TempDir Path tmp)
      throws Exception {
    try (HostRecordingServer server = new HostRecordingServer()) {
      Path hosts = Files.writeString(tmp.resolve("hosts"), "127.0.0.1 " + NAME + "\n127.0.0.3 " + NAME + "\n");
      String target = "http://" + NAME + ":" + server.port();
      for (String engine : List.of("netty", "legacy-urlconnection", "legacy-httpclient")) {
        Path out = tmp.resolve(engine);
        long servedBefore = server.requests.get();
        ChildCli.Ended ended;
        try (ChildCli child = ChildCli.startWrapped(List.of("env", "JDK_JAVA_OPTIONS=-Djdk.net.hosts.file=" + hosts),
            tmp.resolve(engine + ".out"), out, List.of("run", "--target", target, "--engine", engine, "--users", "2",
                "--think", "fixed:50ms", "--duration", "1s", "--jit-warm-up", "0", "--out", out.toString(), "--progress",
                "off"))) {
          int exit = child.waitForExit(Duration.ofMinutes(3));
          ended = new ChildCli.Ended(exit, child.output());
        }
        assertEquals(0, ended.exitCode(), ended.output());
        String line = "crosscheck: target " + target + " = 127.0.0.1:" + server.port()
            + " (resolved once; 2 addresses, the first used)";
        assertTrue(ended.output().contains(line + "\n"), line + " in:\n" + ended.output());
        Path dir = only(out);
        JsonNode workload = new ObjectMapper().readTree(dir.resolve("run.json").toFile()).get("workload");
        assertEquals("127.0.0.1:" + server.port(), workload.get("targetAddress").asText(), workload.toString());
        assertEquals(NAME, workload.get("targetHost").asText());
        List<RequestRecord> records = RequestCsv.read(dir.resolve("requests.csv"));
        long ok = records.stream().filter(r -> r.outcome() == Outcome.OK).count();
        List<RequestRecord> failed = records.stream()
            .filter(r -> r.outcome() != Outcome.OK && r.outcome() != Outcome.ABORTED).toList();
        assertTrue(ok > 0, engine + ": requests were answered");
        assertEquals(List.of(), failed, engine + ": no connect error (nothing listens on the second address)");
        long aborted = records.stream().filter(r -> r.outcome() == Outcome.ABORTED).count();
        long served = server.requests.get() - servedBefore;
        // a request aborted by the run's end may have reached the server too
        assertTrue(served >= ok && served <= ok + aborted, engine + ": every answered request reached 127.0.0.1 ("
            + served + " served, " + ok + " ok, " + aborted + " aborted)");
        assertEquals(Map.of(NAME + ":" + server.port(), server.requests.get()), Map.copyOf(server.hosts),
            engine + ": the Host header keeps the name");
        assertFalse(ended.output().contains("resolves " + NAME + " itself"), "the JDK resolved it the same way: "
            + ended.output());
        System.out.println("[any target] " + engine + ": " + line + "; " + ok + " requests answered by the server on"
            + " 127.0.0.1, Host headers " + server.hosts + "; run.json targetAddress "
            + workload.get("targetAddress").asText());
      }
    }
  }

  private static boolean isEmpty(Path dir) throws IOException {
    try (Stream<Path> s = Files.list(dir)) {
      return s.findAny().isEmpty();
    }
  }

  private static Path only(Path out) throws IOException {
    try (Stream<Path> s = Files.list(out)) {
      List<Path> dirs = s.filter(Files::isDirectory).toList();
      assertEquals(1, dirs.size(), dirs.toString());
      return dirs.get(0);
    }
  }

  /**
   * An HTTP/1.1 server on 127.0.0.1 that answers every request with an empty 200 (keep-alive) and
   * counts the requests per Host header. A thread per connection; closed with the test.
   */
  private static final class HostRecordingServer implements AutoCloseable {
    final AtomicLong requests = new AtomicLong();
    final Map<String, Long> hosts = new ConcurrentHashMap<>();
    private final ServerSocket socket;
    private final Thread acceptor;

    HostRecordingServer() throws IOException {
      socket = new ServerSocket(0, 128, InetAddress.getByName("127.0.0.1"));
      acceptor = new Thread(this::accept, "host-recording-accept");
      acceptor.setDaemon(true);
      acceptor.start();
    }

    int port() {
      return socket.getLocalPort();
    }

    private void accept() {
      while (!socket.isClosed()) {
        try {
          Socket s = socket.accept();
          Thread t = new Thread(() -> serve(s), "host-recording-conn");
          t.setDaemon(true);
          t.start();
        } catch (IOException e) {
          return; // closed
        }
      }
    }

    private void serve(Socket s) {
      try (s; BufferedReader in = new BufferedReader(new InputStreamReader(s.getInputStream(),
          StandardCharsets.ISO_8859_1)); OutputStream o = s.getOutputStream()) {
        String line;
        String host = null;
        while ((line = in.readLine()) != null) {
          if (line.regionMatches(true, 0, "Host:", 0, 5)) {
            host = line.substring(5).strip();
          } else if (line.isEmpty()) {
            hosts.merge(String.valueOf(host), 1L, Long::sum);
            requests.incrementAndGet();
            host = null;
            o.write("HTTP/1.1 200 OK\r\nContent-Length: 0\r\nContent-Type: text/plain\r\n\r\n"
                .getBytes(StandardCharsets.ISO_8859_1));
            o.flush();
          }
        }
      } catch (IOException e) {
        // the client closed or reset the connection
      }
    }

    @Override
    public void close() throws IOException {
      socket.close();
    }
  }
}
