package io.crosscheck.cli;

import io.crosscheck.record.MalformedInputException;
import io.crosscheck.report.html.HtmlReport;
import io.crosscheck.report.html.ReportData;
import io.crosscheck.rundir.RunFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine;

/** {@code crosscheck report RUN_DIR... [--out FILE]}: (re)builds report.html from compared run directories. */
@Command(
    name = "report",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    description = {
      "(Re)builds report.html, one self-contained file that opens offline in a browser: the coverage and"
          + " client-host statements first, then the reported vs wire response-time CDF, the percentiles of the"
          + " three latency columns, error, rate and connections over time beside the generator's CPU, heap,"
          + " threads and GC pauses, concurrent connections and requests per connection with the verdict, and"
          + " the per-URL and reported-interval tables. Every figure states its evidence.",
      "",
      "One RUN_DIR (compared: it holds findings.json): RUN_DIR/report.html. Several: one side-by-side page"
          + " (a summary row per run, overlaid CDFs), ./report.html unless --out. A matrix directory (it holds"
          + " matrix.json): its report.html with absolute error vs users and vs generator CPU and every cell.",
      "audit and compare write report.html themselves; this rebuilds it.",
      "",
      "Exit codes: 0 written; 1 the report could not be written; 2 an input is missing or malformed (named)."
    })
final class ReportCommand implements Callable<Integer> {
  @Parameters(arity = "1..*", paramLabel = "RUN_DIR", description = "Compared run directories, or one matrix directory.")
  List<Path> dirs;

  @Option(names = "--out", paramLabel = "FILE",
      description = "Where to write the page. Default: RUN_DIR/report.html for one run, ./report.html for several.")
  Path out;

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() {
    try {
      for (Path d : dirs) {
        if (!Files.isDirectory(d)) {
          return usage(d + ": no such directory (expected a run directory or a matrix directory)");
        }
      }
      Path written;
      if (dirs.size() == 1 && Files.exists(dirs.get(0).resolve(ReportData.MATRIX_JSON))) {
        if (out != null) {
          return usage("--out: a matrix report is always written into the matrix directory (its links are relative)");
        }
        written = HtmlReport.writeMatrix(dirs.get(0));
      } else {
        for (Path d : dirs) {
          if (!Files.exists(d.resolve(RunFiles.RUN_JSON))) {
            return usage(d + ": not a run directory (no run.json) nor a matrix directory (no matrix.json)");
          }
          if (!Files.exists(d.resolve(RunFiles.FINDINGS_JSON))) {
            return usage(d.resolve(RunFiles.FINDINGS_JSON) + ": missing: the run was not compared; run"
                + " 'crosscheck compare " + d + "' first");
          }
        }
        String refused = out == null ? null : io.crosscheck.record.OutputTarget.refusal(out);
        if (refused != null) {
          return usage("--out " + refused);
        }
        written = out != null ? out
            : dirs.size() == 1 ? dirs.get(0).resolve(ReportData.REPORT_HTML) : Path.of(ReportData.REPORT_HTML);
        HtmlReport.writeRuns(dirs, written);
      }
      System.out.println("crosscheck: report in " + written);
      return 0;
    } catch (MalformedInputException e) {
      return usage(e.getMessage());
    } catch (IOException e) {
      spec.commandLine().getErr().println("crosscheck report: " + e.getMessage());
      return 1;
    }
  }

  private int usage(String message) {
    spec.commandLine().getErr().println("crosscheck report: " + message);
    return 2;
  }
}
