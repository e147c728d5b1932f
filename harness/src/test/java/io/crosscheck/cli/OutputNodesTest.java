package io.crosscheck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * The red team's case: {@code check --junit} and {@code report --out} on a FIFO, a symbolic link and
 * a socket (of the test's own, in a temp dir): the FIFO gets the XML and stays a FIFO, the link stays
 * a link and its target gets the page, the socket is refused (exit 2, nothing judged) and stays.
 */
class OutputNodesTest {
  @TempDir Path tmp;

  private record Ran(int exitCode, String err) {}

  private static synchronized Ran cli(String... args) {
    CommandLine cl = Main.commandLine();
    StringWriter err = new StringWriter();
    cl.setOut(new PrintWriter(new StringWriter(), true));
    cl.setErr(new PrintWriter(err, true));
    return new Ran(cl.execute(args), err.toString());
  }

  private Path run() throws Exception {
    Path from = Path.of(getClass().getResource("/io/crosscheck/report/html/run-fixture").toURI());
    Path to = Files.createDirectories(tmp.resolve("run"));
    for (String f : List.of("run.json", "findings.json")) {
      Files.copy(from.resolve(f), to.resolve(f));
    }
    return to;
  }

  @Test
  void junitIntoAFifoAndReportThroughALinkKeepTheNodes() throws Exception {
    Path run = run();
    Path fifo = tmp.resolve("junit.fifo");
    assertEquals(0, new ProcessBuilder("mkfifo", fifo.toString()).inheritIO().start().waitFor());
    CompletableFuture<String> read = CompletableFuture.supplyAsync(() -> {
      try {
        return Files.readString(fifo, StandardCharsets.UTF_8);
      } catch (IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
    });
    Ran check = cli("check", run.toString(), "--rule", "abs-error < 1ms", "--junit", fifo.toString());
    assertEquals(0, check.exitCode(), check.err());
    String xml = read.get(10, TimeUnit.SECONDS);
    assertTrue(xml.contains("<testsuite") && xml.contains("abs-error &lt; 1ms"), xml);
    assertEquals(010000, type(fifo), "still a FIFO");

    Path pages = Files.createDirectories(tmp.resolve("pages"));
    Path link = Files.createSymbolicLink(tmp.resolve("report.html"), pages.resolve("r.html"));
    Ran report = cli("report", run.toString(), "--out", link.toString());
    assertEquals(0, report.exitCode(), report.err());
    assertTrue(Files.isSymbolicLink(link), "still a link");
    assertTrue(Files.readString(pages.resolve("r.html")).contains("<html"), "the page is where the link leads");
  }

  @Test
  void aSocketIsRefusedBeforeAnythingIsJudged() throws Exception {
    Path run = run();
    Path socket = tmp.resolve("junit.sock");
    try (ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
      server.bind(UnixDomainSocketAddress.of(socket));
      Ran check = cli("check", run.toString(), "--rule", "abs-error < 1ms", "--junit", socket.toString());
      assertEquals(2, check.exitCode(), check.err());
      assertTrue(check.err().contains("--junit " + socket + ": a socket (expected a regular file, a FIFO or a"
          + " character device such as /dev/null)"), check.err());
      assertTrue(check.err().contains("nothing was judged"), check.err());
      Ran report = cli("report", run.toString(), "--out", socket.toString());
      assertEquals(2, report.exitCode(), report.err());
      assertTrue(report.err().contains("--out " + socket + ": a socket"), report.err());
      assertEquals(0140000, type(socket), "still a socket");
    }
  }

  private static int type(Path p) throws IOException {
    return (Integer) Files.getAttribute(p, "unix:mode", LinkOption.NOFOLLOW_LINKS) & 0170000;
  }
}
