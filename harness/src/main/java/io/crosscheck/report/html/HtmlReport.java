package io.crosscheck.report.html;

import io.crosscheck.record.JsonFiles;
import io.crosscheck.text.Printable;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

/**
 * Writes {@code report.html}: one self-contained, offline file (the end of the spine: findings ─▶
 * report). The page is a template resource ({@value #TEMPLATE}) into which go the data ({@link
 * ReportData}, as JSON in a {@code <script type="application/json" id="crosscheck-data">} element,
 * with {@code < > &} and U+2028/2029 escaped), the page's script ({@value #SCRIPT}) and Chart.js
 * 4.4.3 (MIT) read from its webjar on the class path. The script builds every label and table cell
 * with {@code textContent}: a string from a server, a target or a workload file is shown as text,
 * never parsed as markup. Writes are atomic (a temp file beside the output, then a move). Stateless
 * and thread-safe.
 */
public final class HtmlReport {
  static final String TEMPLATE = "report-template.html";
  static final String SCRIPT = "report.js";
  static final String CHART_JS = "/META-INF/resources/webjars/chartjs/4.4.3/dist/chart.umd.js";

  private static final String DATA_MARK = "/*CROSSCHECK-DATA*/";
  private static final String SCRIPT_MARK = "/*CROSSCHECK-SCRIPT*/";
  private static final String CHART_MARK = "/*CHART-JS*/";

  private HtmlReport() {}

  /**
   * Writes the report of one run, or of several side by side, to {@code outFile}.
   *
   * @throws IOException with one line naming the file: a run directory without run.json or
   *     findings.json (not compared yet), a malformed input, or the output not writable
   */
  public static void writeRuns(List<Path> runDirs, Path outFile) throws IOException {
    write(ReportData.ofRuns(runDirs), outFile, runDirs.size() == 1 ? "crosscheck report: "
        + label(runDirs.get(0)) : "crosscheck report: " + runDirs.size() + " runs side by side");
  }

  /** Writes {@code matrixDir/report.html} from {@code matrixDir/matrix.json}. */
  public static Path writeMatrix(Path matrixDir) throws IOException {
    Path out = matrixDir.resolve(ReportData.REPORT_HTML);
    write(ReportData.ofMatrix(matrixDir), out, "crosscheck matrix: " + label(matrixDir));
    return out;
  }

  /** The page for {@code doc} (a {@link ReportData} document) with {@code title}. */
  static String page(Object doc, String title) throws IOException {
    String chartJs = resource(HtmlReport.class, CHART_JS);
    String script = resource(HtmlReport.class, SCRIPT);
    for (String s : List.of(chartJs, script)) {
      if (s.toLowerCase(java.util.Locale.ROOT).contains("</script")) {
        throw new IOException("a script resource of the report contains </script: it cannot be inlined");
      }
    }
    String template = resource(HtmlReport.class, TEMPLATE);
    String escapedTitle = title.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    // the data last: nothing in it is searched for a mark
    return template.replace("<!--TITLE-->", escapedTitle)
        .replace(CHART_MARK, chartJs)
        .replace(SCRIPT_MARK, script)
        .replace(DATA_MARK, ReportData.toJson(doc));
  }

  private static void write(Object doc, Path outFile, String title) throws IOException {
    byte[] html = page(doc, title).getBytes(StandardCharsets.UTF_8);
    try {
      JsonFiles.writeAtomically(outFile.toAbsolutePath(), html);
    } catch (IOException e) {
      throw new IOException(Printable.escape(outFile + ": cannot write the report: " + e.getMessage()), e);
    }
  }

  private static String label(Path dir) {
    Path name = dir.toAbsolutePath().normalize().getFileName();
    return Printable.escape(name == null ? dir.toString() : name.toString());
  }

  static String resource(Class<?> near, String name) throws IOException {
    try (InputStream in = near.getResourceAsStream(name)) {
      if (in == null) {
        throw new IOException("the report's resource " + name + " is not on the class path (a broken build:"
            + " rebuild crosscheck)");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }
}
