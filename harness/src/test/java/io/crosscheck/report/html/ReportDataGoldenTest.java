package io.crosscheck.report.html;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.crosscheck.record.MalformedInputException;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Golden files of the report's data (JMH's {@code ResultFormatTest} pattern): the JSON document
 * {@link ReportData} builds for a checked-in run directory (run-fixture/, see its FIXTURE.md) and a
 * matrix directory (matrix-fixture/) is byte-identical to {@code golden/*.json} under the root, a
 * German and an Arabic default locale (numbers never depend on the machine's locale).
 *
 * <p>Regenerate the golden files after an intended change of the document:
 * {@code mvn -pl harness test -Dtest=ReportDataGoldenTest -Dcrosscheck.regenerateGolden=true}
 * (writes them under src/test/resources; review the diff before committing).
 */
class ReportDataGoldenTest {
  private static final String REGENERATE = "crosscheck.regenerateGolden";
  private static final List<Locale> LOCALES = List.of(Locale.ROOT, Locale.forLanguageTag("de-DE"),
      Locale.forLanguageTag("ar-SA"));

  @TempDir Path tmp;

  private static Path resource(String name) throws URISyntaxException {
    return Path.of(ReportDataGoldenTest.class.getResource(name).toURI());
  }

  @Test
  void runDataIsTheGoldenFileUnderEveryLocale() throws Exception {
    Path run = resource("run-fixture");
    String json = underEachLocale(() -> ReportData.toJson(ReportData.ofRuns(List.of(run))));
    assertGolden("run-fixture.report-data.json", json);
    // nothing in the text can end the script element; the data keep the planted string as text
    assertFalse(json.contains("<") || json.contains(">") || json.contains("&"), "< > & escaped");
    JsonNode doc = new ObjectMapper().readTree(json);
    JsonNode r = doc.get("runs").get(0);
    assertTrue(r.get("run").get("workload").get("source").get("paths").toString()
        .contains("/static/1k?q=<script>alert(1)</script>"), "the planted URL survives as data");
    assertEquals(List.of("percentiles", "urls", "clientHost"), List.of("percentiles", "urls", "clientHost").stream()
        .filter(r.get("findings")::has).toList(), "the new findings members pass through");
    assertEquals(8, r.get("connectionsOverTime").get("open").get(7).asInt(), "8 connections open at the 8th open");
  }

  @Test
  void matrixDataIsTheGoldenFileUnderEveryLocale() throws Exception {
    Path m = tmp.resolve("matrix");
    Files.createDirectories(m.resolve("cells/jdk17-default-u10"));
    Files.copy(resource("matrix-fixture/matrix.json"), m.resolve("matrix.json"));
    Files.writeString(m.resolve("cells/jdk17-default-u10/report.html"), "<html></html>");
    String json = underEachLocale(() -> ReportData.toJson(ReportData.ofMatrix(m)));
    assertGolden("matrix-fixture.report-data.json", json);
    JsonNode reports = new ObjectMapper().readTree(json).get("cellReports");
    assertEquals("cells/jdk17-default-u10/report.html", reports.get("jdk17-default-u10").asText());
    assertTrue(reports.get("jdk17-default-u40").isNull(), "no report in that cell's directory: no link");
  }

  @Test
  void thePageInlinesEverythingAndNoDataStringBecomesMarkup() throws Exception {
    Path out = tmp.resolve("report.html");
    HtmlReport.writeRuns(List.of(resource("run-fixture")), out);
    String html = Files.readString(out, StandardCharsets.UTF_8);
    assertEquals(4, count(html, "<script"), "the template's four script elements and no other");
    assertFalse(html.contains("alert(1)</script>"), "the planted string is not in the page raw");
    assertTrue(html.contains("\\u003cscript\\u003ealert(1)\\u003c/script\\u003e"), "it is in the data, escaped");
    assertTrue(html.contains("Chart.js v4.4.3"), "Chart.js inlined");
    assertFalse(Pattern.compile("(src|href)\\s*=\\s*\"(https?:)?//").matcher(html).find(), "nothing fetched");
    try (var files = Files.list(tmp)) {
      assertEquals(List.of(out), files.toList(), "written atomically: no temp file left");
    }
  }

  @Test
  void aRunNotComparedOrAMalformedMatrixIsNamedInOneLine() throws Exception {
    Path run = tmp.resolve("run");
    Files.createDirectories(run);
    Files.copy(resource("run-fixture/run.json"), run.resolve("run.json"));
    IOException e = assertThrows(IOException.class, () -> HtmlReport.writeRuns(List.of(run), tmp.resolve("r.html")));
    assertEquals(run.resolve("findings.json") + ": missing: the run was not compared", e.getMessage());
    Files.writeString(tmp.resolve("matrix.json"), "{\"schema\": \"something-else/9\", \"cells\": []}");
    e = assertThrows(MalformedInputException.class, () -> HtmlReport.writeMatrix(tmp));
    assertEquals(tmp.resolve("matrix.json") + ": schema \"something-else/9\": expected \"crosscheck-matrix/1\"",
        e.getMessage());
    assertFalse(Files.exists(tmp.resolve("report.html")), "nothing written");
  }

  @FunctionalInterface
  private interface Build {
    String get() throws IOException;
  }

  /** The text {@code build} gives under each of {@link #LOCALES}, asserted the same under all. */
  private static String underEachLocale(Build build) throws IOException {
    Locale saved = Locale.getDefault();
    String first = null;
    try {
      for (Locale l : LOCALES) {
        Locale.setDefault(l);
        String json = build.get();
        if (first == null) {
          first = json;
        } else {
          assertEquals(first, json, "the data under " + l.toLanguageTag() + " differ from the root locale's");
        }
      }
    } finally {
      Locale.setDefault(saved);
    }
    return first;
  }

  private static void assertGolden(String name, String actual) throws Exception {
    Path source = Path.of("src/test/resources/io/crosscheck/report/html/golden").resolve(name);
    if (Boolean.getBoolean(REGENERATE)) {
      Files.createDirectories(source.getParent());
      Files.writeString(source, actual, StandardCharsets.UTF_8);
      System.out.println("[report] regenerated " + source.toAbsolutePath());
      return;
    }
    var url = ReportDataGoldenTest.class.getResource("golden/" + name);
    assertTrue(url != null, "golden file golden/" + name + " missing: regenerate with -D" + REGENERATE + "=true");
    String golden = Files.readString(Path.of(url.toURI()), StandardCharsets.UTF_8);
    assertEquals(golden, actual, "the report data differ from golden/" + name + " (an intended change:"
        + " regenerate with -D" + REGENERATE + "=true and review the diff)");
  }

  private static int count(String text, String what) {
    Matcher m = Pattern.compile(Pattern.quote(what)).matcher(text);
    int n = 0;
    while (m.find()) {
      n++;
    }
    return n;
  }
}
