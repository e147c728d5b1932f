package io.crosscheck.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

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
 * line on chromium's log), the planted string is text and no element was injected. Saves a
 * screenshot under target/ and prints its path.
 */
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
    Path urls = Files.writeString(tmp.resolve("urls.txt"), "/static/2k\n/static/16k\n/static/1k?q=" + PLANTED + "\n");
    Path out = tmp.resolve("runs");
    CliRun.audit(out, server.port(), "--users", "4", "--sessions-per-user", "1", "--session-length", "fixed:30",
        "--think", "exp:40ms", "--url-file", urls.toString(), "--duration", "3s");
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
    List<String> consoleLines = dom.stderr.lines().filter(l -> l.contains(":CONSOLE")).toList();
    assertEquals(List.of(), consoleLines, "nothing on the console (chromium's log)");

    String asText = "&lt;script&gt;alert(1)&lt;/script&gt;";
    assertTrue(html.contains("<td class=\"text\">/static/2k  /static/16k  /static/1k?q=" + asText + "</td>"),
        "the planted string is a table cell's text");
    assertEquals(4, count(html, "<script"), "only the template's four script elements exist");
    assertFalse(html.contains(PLANTED), "no element made of the planted string");

    long minPixels = Pattern.compile("data-pixels=\"(\\d+)\"").matcher(html).results()
        .mapToLong(m -> Long.parseLong(m.group(1))).min().orElse(0);
    System.out.printf(Locale.ROOT, "[report] %d of %d charts drew (fewest pixels %d), 0 script errors, planted"
        + " <script> shown as text; chromium offline (unshare --net) %.1f s for DOM + screenshot; %,d bytes;"
        + " screenshot %s%n", drawn, charts, minPixels, browserSeconds, Files.size(report), png);
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
