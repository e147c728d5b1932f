package io.crosscheck.cli;

import io.crosscheck.record.MalformedInputException;
import io.crosscheck.replay.HttperfExport;
import io.crosscheck.replay.RecordedSessions;
import io.crosscheck.text.ErrorLines;
import io.crosscheck.text.Printable;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine;

/** {@code crosscheck export RUN_DIR --httperf DIR}: the recorded sessions as httperf input. */
@Command(
    name = "export",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    description = {
      "Writes the sessions RUN_DIR recorded for another tool. --httperf DIR: DIR/sessions.wsesslog (httperf"
          + " --wsesslog: a block per session, think=SECONDS after each reply), DIR/interarrival.txt (the"
          + " session start gaps in seconds, one per line; the first is 0) and DIR/README.txt (the httperf"
          + " commands: stock httperf 0.9.0 has no --period=s,FILE, so its closest invocation keeps the mean"
          + " session rate but not the recorded start instants).",
      "Exit codes: 0 written; 1 a file could not be written; 2 bad usage or an unreadable RUN_DIR (named,"
          + " with its file:line)."
    })
final class ExportCommand implements Callable<Integer> {
  /** Methods httperf 0.9.0's --wsesslog accepts (wsesslog.c's call_method_name). */
  static final java.util.Set<String> HTTPERF_METHODS =
      java.util.Set.of("DELETE", "GET", "HEAD", "OPTIONS", "POST", "PUT", "TRACE");

  @Parameters(index = "0", paramLabel = "RUN_DIR", description = "The recorded run directory.")
  Path runDir;

  @Option(names = "--httperf", paramLabel = "DIR", required = true,
      description = "Directory to write sessions.wsesslog, interarrival.txt and README.txt in (created if missing).")
  Path httperf;

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() {
    RecordedSessions recorded;
    try {
      if (Files.exists(httperf) && !Files.isDirectory(httperf)) {
        return usage("--httperf: " + Printable.escape(httperf.toString()) + ": exists and is not a directory"
            + " (expected a directory to write the httperf files in)");
      }
      recorded = RecordedSessions.read(runDir);
      for (RecordedSessions.Session s : recorded.sessions()) {
        for (RecordedSessions.Request r : s.requests()) {
          if (!HTTPERF_METHODS.contains(r.method())) {
            return usage(Printable.escape(runDir.resolve("requests.csv").toString()) + ":" + r.line()
                + ": method " + r.method() + " cannot be written for httperf (its --wsesslog sends only "
                + String.join(", ", new java.util.TreeSet<>(HTTPERF_METHODS)) + ")");
          }
        }
      }
    } catch (MalformedInputException | java.nio.file.NoSuchFileException e) {
      return usage(e instanceof java.nio.file.NoSuchFileException n ? n.getFile() + ": no such file" : e.getMessage());
    } catch (IOException e) {
      return usage(e.getMessage());
    }
    try {
      HttperfExport.Written w = HttperfExport.write(recorded, httperf, port(recorded.targetUrl()));
      System.out.println("crosscheck export: " + Printable.escape(recorded.describe()));
      System.out.print(HttperfExport.summary(w, httperf));
      return 0;
    } catch (IOException e) {
      spec.commandLine().getErr().println("crosscheck export: " + ErrorLines.describe(e));
      return 1;
    }
  }

  /** The port of {@code http://HOST:PORT}, 80 when none can be read. */
  static int port(String url) {
    try {
      int p = url == null ? -1 : URI.create(url).getPort();
      return p > 0 ? p : 80;
    } catch (IllegalArgumentException e) {
      return 80;
    }
  }

  private int usage(String message) {
    spec.commandLine().getErr().println("crosscheck export: " + message);
    return 2;
  }
}
