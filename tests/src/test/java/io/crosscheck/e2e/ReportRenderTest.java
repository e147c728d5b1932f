package io.crosscheck.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.crosscheck.report.html.HtmlReport;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 12, "the report renders in headless Chromium": a real audit (live capture, the embedded
 * server) of a workload whose URL list holds a planted {@code <script>}, then its report.html opened
 * from a file URL by Debian's {@code chromium --headless} in a network namespace of its own ({@code
 * unshare --net}: no network at all, so the page can fetch nothing). Asserts from the DOM the page
 * leaves (its own script records per chart the points plotted and the non-transparent pixels of its
 * canvas, and every script or console error): every chart drew, no error was logged (nor a console
 * line on chromium's log), the planted string is text and no element was injected. Then the matrix
 * page of a hand-made matrix.json (the contract's shape) whose first cell is that run: both charts
 * drew, the cell links to the run's report, a failure reason holding markup is text. Saves a
 * screenshot of the run's page under target/ and prints its path.
 */
// heavy: run once; the page, not the JDK, is under test (the audit behind it runs on the suite's first JDK)
@org.junit.jupiter.api.Tag("heavy")
class ReportRenderTest {
  private static final String PLANTED = "<script>alert(1)</script>";
  private static final long BROWSER_TIMEOUT_SECONDS = 40;

  @RegisterExtension
  static final EmbeddedServerExtension server = new EmbeddedServerExtension();

  @TempDir Path tmp;

  @Test
  void theAuditsReportDrawsEveryChartOfflineAndShowsAPlantedScriptAsText() throws Exception {
    assumeTrue("root".equals(System.getProperty("user.name")), "unshare --net needs root (the tests run as root)");
    Path chromium = Path.of("/usr/bin/chromium");
    assertTrue(Files.isExecutable(chromium), "chromium missing: ./run-tests installs it (scripts/prereqs.sh"
        + " ensure_browser), or apt-get install -y chromium");
    Path urls = Files.writeString(tmp.resolve("urls.txt"), "/static/2k\n/static/16k\n/static/1k?q=" + PLANTED + "&amp;x='1'\n");
    Path matrixDir = tmp.resolve("matrix");
    Path out = matrixDir.resolve("cells"); // the run is also a cell of the matrix page below
    CliRun.audit(out, server.port(), "--users", "4", "--sessions-per-user", "1", "--session-length", "fixed:30",
        "--think", "exp:40ms", "--url-file", urls.toString(), "--duration", "3s",
        // the embedded server runs in this JVM: sampling it draws the server-CPU charts too (issue 25)
        "--server-pid", Long.toString(ProcessHandle.current().pid()));
    Path runDir;
    try (var dirs = Files.list(out)) {
      List<Path> all = dirs.filter(Files::isDirectory).toList();
      assertEquals(1, all.size(), "one run directory: " + all);
      runDir = all.get(0);
    }
    Path report = runDir.resolve("report.html");
    assertTrue(Files.isRegularFile(report), "audit wrote report.html beside findings.json");

    long startNanos = System.nanoTime();
    Browser dom = chromium(List.of("--dump-dom", report.toUri().toString()));
    Path shots = Path.of("target", "report-render").toAbsolutePath();
    Files.createDirectories(shots);
    Path png = shots.resolve("report.png");
    Files.deleteIfExists(png);
    chromium(List.of("--screenshot=" + png, "--window-size=1400,4000", report.toUri().toString()));
    double browserSeconds = (System.nanoTime() - startNanos) / 1e9;
    assertTrue(Files.size(png) > 10_000, "the screenshot was written: " + png);

    String html = dom.stdout;
    Matcher status = Pattern.compile("<div id=\"cc-status\"([^>]*)>").matcher(html);
    assertTrue(status.find(), "the page's status element is in the DOM: " + head(html));
    String attrs = status.group(1);
    assertEquals("true", attr(attrs, "data-done"), "the page's script ran to its end: " + attrs);
    assertEquals("0", attr(attrs, "data-errors"), "no script error: " + errors(html));
    int charts = Integer.parseInt(attr(attrs, "data-charts"));
    int drawn = Integer.parseInt(attr(attrs, "data-charts-drawn"));
    // CDF, error, rate+connections, CPU, heap+threads, GC, connections over time, requests per connection
    assertTrue(charts >= 8, "every chart of a run with telemetry: " + attrs);
    assertEquals(charts, drawn, "every chart plotted points and painted pixels: " + checks(html));
    // the report's console lines; chromium's own pages (source: chrome://..., e.g. its "Slow network is
    // detected" from an internal component, seen once on a fresh clone) are not the report's
    List<String> consoleLines = dom.stderr.lines().filter(l -> l.contains(":CONSOLE"))
        .filter(l -> !l.contains("source: chrome://")).toList();
    assertEquals(List.of(), consoleLines, "nothing on the console (chromium's log)");

    // the request target is percent-encoded before it is sent (RFC 3986: '<' and '>' may not appear), so
    // the planted element arrives as %3C...%3E; the '&amp;' that RFC 3986 allows raw is what the page must
    // escape: as text it is serialized '&amp;amp;', unescaped it would have become a bare '&'
    String asText = "%3Cscript%3Ealert(1)%3C/script%3E&amp;amp;x='1'";
    assertTrue(html.contains("<td class=\"text\">/static/2k  /static/16k  /static/1k?q=" + asText + "</td>"),
        "the planted string is a table cell's text: " + html.lines().filter(l -> l.contains("static/1k?q="))
            .findFirst().orElse(head(html)));
    assertEquals(4, count(html, "<script"), "only the template's four script elements exist");
    assertFalse(html.contains(PLANTED), "no element made of the planted string");

    // the matrix page of a hand-made matrix.json (helper "matrix"'s contract) whose one cell is this run
    Files.writeString(matrixDir.resolve("matrix.json"), matrixJson("cells/" + runDir.getFileName()));
    HtmlReport.writeMatrix(matrixDir);
    String matrix = chromium(List.of("--dump-dom", matrixDir.resolve("report.html").toUri().toString())).stdout;
    Matcher ms = Pattern.compile("<div id=\"cc-status\"([^>]*)>").matcher(matrix);
    assertTrue(ms.find(), head(matrix));
    assertEquals("0", attr(ms.group(1), "data-errors"), "no script error: " + errors(matrix));
    assertEquals("2", attr(ms.group(1), "data-charts"), "error vs users, error vs CPU: " + ms.group(1));
    assertEquals("2", attr(ms.group(1), "data-charts-drawn"), checks(matrix));
    assertTrue(matrix.contains("<a href=\"cells/" + runDir.getFileName() + "/report.html\">report</a>"),
        "the cell links to its run's report");
    assertTrue(matrix.contains(
        "<td class=\"text\">yes: connection sharing: 12 connections with requests for 10 sessions</td>"),
        "the sharing column names the verdict it rests on");
    assertTrue(matrix.contains("exited 1: &lt;/script&gt;&lt;img src=x onerror=alert(2)&gt;"), "a reason is text");
    assertFalse(matrix.contains("<img"), "no element injected by a reason");

    long minPixels = Pattern.compile("data-pixels=\"(\\d+)\"").matcher(html).results()
        .mapToLong(m -> Long.parseLong(m.group(1))).min().orElse(0);
    System.out.printf(Locale.ROOT, "[report] %d of %d charts drew (fewest pixels %d), 0 script errors, planted"
        + " <script> shown as text; matrix page 2 of 2 charts, a planted reason shown as text; chromium offline (unshare --net) %.1f s for the run's DOM + screenshot; %,d bytes;"
        + " screenshot %s%n", drawn, charts, minPixels, browserSeconds, Files.size(report), png);
  }

  /** A 2 JVM x 2 users matrix.json; the first cell's run directory is {@code runDir}, the last cell failed. */
  private static String matrixJson(String runDir) {
    StringBuilder cells = new StringBuilder();
    String[][] lines = {{"17 (Debian)", "default"}, {"17 (Debian)", "-Xint"}};
    int i = 0;
    for (String[] l : lines) {
      for (int users : new int[] {10, 40}) {
        double err = (l[1].equals("-Xint") ? 1400 : 300) * Math.sqrt(users / 10.0);
        cells.append(String.format(Locale.ROOT, "{\"id\": \"c%d\", \"jvmLabel\": \"%s\", \"jvmHome\": \"/usr/lib/jvm/x\","
            + " \"optsLabel\": \"%s\", \"jvmOpts\": [], \"users\": %d, \"status\": \"completed\", \"runDir\": %s,"
            + " \"matchedPercent\": 100.0, \"absoluteErrorMicros\": %.1f, \"ratio\": 1.2, \"reportedMeanMicros\": 2000,"
            + " \"wireMeanMicros\": 1700, \"generatorCpuCoresMean\": %.2f, \"generatorCpuCoresMax\": 1.9,"
            + " \"heapUsedMaxBytes\": 64000000, \"threadsMax\": 30, \"gcPauses\": 2, \"connectionsWithRequests\": 12,"
            + " \"sessions\": 10, \"sharingKind\": \"sharing\", \"sharing\": true, \"clientHostBottleneck\": false,"
            + " \"searchStep\": null, \"reason\": null},", i, l[0], l[1], users, i == 0 ? "\"" + runDir + "\"" : "null",
            err, 0.2 * users / 10.0));
        i++;
      }
    }
    cells.append("{\"id\": \"c9\", \"jvmLabel\": \"17 (Debian)\", \"optsLabel\": \"-Xint\", \"users\": 80,"
        + " \"status\": \"failed\", \"runDir\": null, \"absoluteErrorMicros\": null,"
        + " \"reason\": \"the child JVM exited 1: </script><img src=x onerror=alert(2)>\"}");
    return "{\"schema\": \"crosscheck-matrix/1\", \"createdEpochMillis\": 0, \"workload\": {\"engine\": \"netty\"},"
        + " \"bound\": {\"maxAbsErrorMicros\": 1000.0}, \"cells\": [" + cells + "], \"search\": []}";
  }

  private record Browser(String stdout, String stderr) {}

  /** Runs headless chromium with no network at all; its DOM dump on stdout, its log on stderr. */
  private Browser chromium(List<String> more) throws IOException, InterruptedException {
    List<String> cmd = new ArrayList<>(List.of("unshare", "--net", "/usr/bin/chromium", "--headless", "--no-sandbox",
        "--disable-gpu", "--enable-logging=stderr", "--v=0", "--virtual-time-budget=5000",
        "--user-data-dir=" + tmp.resolve("profile")));
    cmd.addAll(more);
    Path stdout = tmp.resolve("chromium.out");
    Path stderr = tmp.resolve("chromium.err");
    Process p = new ProcessBuilder(cmd).redirectOutput(stdout.toFile()).redirectError(stderr.toFile()).start();
    if (!p.waitFor(BROWSER_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
      p.descendants().forEach(ProcessHandle::destroyForcibly);
      p.destroyForcibly();
      throw new AssertionError("chromium did not finish in " + BROWSER_TIMEOUT_SECONDS + " s: " + cmd);
    }
    String err = Files.readString(stderr, StandardCharsets.UTF_8);
    assertEquals(0, p.exitValue(), "chromium " + more + " exit; its log:\n" + err);
    return new Browser(Files.readString(stdout, StandardCharsets.UTF_8), err);
  }

  private static String attr(String attrs, String name) {
    Matcher m = Pattern.compile(name + "=\"([^\"]*)\"").matcher(attrs);
    return m.find() ? m.group(1) : "(absent)";
  }

  private static String errors(String html) {
    Matcher m = Pattern.compile("<ul id=\"cc-errors\">(.*?)</ul>", Pattern.DOTALL).matcher(html);
    return m.find() ? m.group(1) : "(no error list)";
  }

  private static String checks(String html) {
    Matcher m = Pattern.compile("<ul id=\"cc-checks\">(.*?)</ul>", Pattern.DOTALL).matcher(html);
    return m.find() ? m.group(1) : "(no checks)";
  }

  private static String head(String html) {
    return html.substring(0, Math.min(500, html.length()));
  }

  private static int count(String text, String what) {
    int n = 0;
    for (int i = text.indexOf(what); i >= 0; i = text.indexOf(what, i + 1)) {
      n++;
    }
    return n;
  }
}
