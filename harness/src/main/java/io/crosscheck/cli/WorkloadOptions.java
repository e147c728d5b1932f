package io.crosscheck.cli;

import io.crosscheck.run.WorkloadRequest;
import java.util.List;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/**
 * The workload options shared by every command that generates load. Raw text only: {@link
 * WorkloadRequest#build} checks them all at once and names each bad option.
 */
final class WorkloadOptions {
  @Option(
      names = "--target",
      paramLabel = "URL",
      description = "Server to load: http://HOST:PORT, HOST a DNS name, an IPv4 address or an IPv6 address in"
          + " brackets (http://[2001:db8::1]:8080). A name is resolved once, when the job starts: the address used"
          + " is printed and recorded (run.json workload.targetAddress), every connection goes there, and the Host"
          + " header keeps the name. Default: ${DEFAULT-VALUE}.")
  String target = "http://127.0.0.1:8080";

  @Option(
      names = "--arrival",
      paramLabel = "MODEL",
      description =
          "Arrival model: closed (N users, sessions back to back), open (single requests arrive at a"
              + " rate), partly-open (sessions arrive). Default: ${DEFAULT-VALUE}.")
  String arrival = "closed";

  @Option(names = "--users", paramLabel = "N", description = "Closed model: emulated users. Default: ${DEFAULT-VALUE}.")
  String users = "10";

  @Option(
      names = "--sessions-per-user",
      paramLabel = "N",
      description = "Closed model: sessions each user runs, 0 = until the run ends. Default: ${DEFAULT-VALUE}.")
  String sessionsPerUser = "0";

  @Option(
      names = "--rate",
      paramLabel = "PER_SECOND",
      description =
          "Open/partly-open: arrivals per second (requests for open, sessions for partly-open), > 0."
              + " No default: open models need one of --rate, --interarrival, --rate-schedule.")
  String rate;

  @Option(
      names = "--process",
      paramLabel = "KIND",
      description = "With --rate: poisson (exponential gaps) or deterministic. Default: ${DEFAULT-VALUE}.")
  String process = "poisson";

  @Option(
      names = "--interarrival",
      paramLabel = "SPEC",
      description =
          "Partly-open session gaps: exp:MEAN, fixed:PERIOD, or file:PATH (one gap per line, seconds"
              + " as httperf --period=s,FILE reads them, e.g. 0.25 or 1e-3, or with a unit ns/us/ms/s/m/h; a mean gap of at"
              + " least 1us), e.g. exp:100ms. No default.")
  String interarrival;

  @Option(
      names = "--rate-schedule",
      paramLabel = "STEPS",
      description =
          "Piecewise-constant arrival rate RATE:DURATION,... (a flash crowd: 10:10s,333:4s,10:10s);"
              + " rates per second, durations with a unit; gaps within a step by --process. No default.")
  String rateSchedule;

  @Option(
      names = "--think",
      paramLabel = "SPEC",
      description =
          "Think time between a reply and the next request: none, fixed:D, exp:MEAN, uniform:MIN-MAX,"
              + " table:FILE (PATH DURATION per line). Durations take ns/us/ms/s/m/h. Default: ${DEFAULT-VALUE}.")
  String think = "none";

  @Option(
      names = "--session-length",
      paramLabel = "SPEC",
      description =
          "Requests per session (URL lists): fixed:N or geometric:P[:MAX] (go on with probability"
              + " 0 <= P < 1, at most MAX requests, MAX default 1000)."
              + " Default: ${DEFAULT-VALUE}.")
  String sessionLength = "fixed:10";

  @Option(
      names = "--urls",
      paramLabel = "PATHS",
      description =
          "Comma-separated request paths, each starting with '/'. Default: /static/2k when neither"
              + " --url-file nor --wsesslog is given (at most one of the three).")
  String urls;

  @Option(names = "--url-file", paramLabel = "FILE", description = "Request paths, one per line ('#' comments and blank lines skipped). No default.")
  String urlFile;

  @Option(
      names = "--url-order",
      paramLabel = "ORDER",
      description = "sequential (cycling) or random. Default: ${DEFAULT-VALUE}.")
  String urlOrder = "sequential";

  @Option(
      names = "--wsesslog",
      paramLabel = "FILE",
      description =
          "Sessions from an httperf --wsesslog file (blank line between sessions, indented lines are"
              + " bursts, think=SECONDS; absent think draws from --think). No default.")
  String wsesslog;

  @Option(
      names = "--rubis",
      paramLabel = "PROPERTIES",
      arity = "0..1",
      fallbackValue = "",
      description = "A RUBiS workload, as the RUBiS 1.4 client runs it: its rubis.properties (transition"
          + " table, users, ramp times, think-time mode, URL flavour); without a file, the shipped default"
          + " (bidding mix). --target, --users, --ramp-up, --duration, --ramp-down given explicitly"
          + " override the file.")
  String rubis;

  @Option(
      names = "--rubis-table",
      paramLabel = "FILE",
      description = "With --rubis: a RUBiS transition table instead of the one the properties name.")
  java.nio.file.Path rubisTable;

  @Option(
      names = "--think-scale",
      paramLabel = "FACTOR",
      description = "With --rubis: multiplies every think time (0.1 = a ten times faster, time-scaled mix;"
          + " the original client cannot do this). Default: ${DEFAULT-VALUE}.")
  double thinkScale = 1.0;

  @Option(
      names = "--tpcw",
      paramLabel = "MIX",
      description = "A TPC-W workload, as the TPC-W Remote Browser Emulator (RBE 1.5) runs it: browsing,"
          + " shopping or ordering (its -EB factories rbe.EBTPCW1/2/3Factory); the RBE's own options below"
          + " (-EB, -RU, -MI, -RD, -TT, -SLOW, -CUST, -ITEM, -GETIM, -MAXERROR, -CON) with its defaults, but"
          + " for -EB and the durations (an audit of 100 browsers, 20 s + 60 s, not the RBE's 45 minutes)."
          + " The embedded bookstore serves it: ./crosscheck serve --tpcw. No default.")
  String tpcw;

  @Option(
      names = "-EB",
      paramLabel = "[FACTORY] N [MASK]",
      arity = "1..3",
      description = "With --tpcw: emulated browsers, as the RBE's -EB: a count, or FACTORY COUNT [MASK] (rbe.EBTPCW1Factory"
          + " = browsing, 2 = shopping, 3 = ordering; MASK: 15 characters in state order, '_' disables a"
          + " state). Default: --users if given, else 100 (the RBE has no default).")
  List<String> tpcwEb;

  @Option(names = "-RU", paramLabel = "SECONDS", description = "With --tpcw: the RBE's ramp-up, seconds (x -SLOW)."
      + " Default: 20 (the RBE's: 600); --ramp-up overrides it with a unit.")
  Long tpcwRu;

  @Option(names = "-MI", paramLabel = "SECONDS", description = "With --tpcw: the RBE's measurement interval,"
      + " seconds (x -SLOW). Default: 60 (the RBE's: 1800); --duration overrides it with a unit.")
  Long tpcwMi;

  @Option(names = "-RD", paramLabel = "SECONDS", description = "With --tpcw: the RBE's ramp-down, seconds (x -SLOW)."
      + " Default: 0 (the RBE's: 300); --ramp-down overrides it with a unit.")
  Long tpcwRd;

  @Option(names = "-TT", paramLabel = "FACTOR", description = "With --tpcw: multiplies every think time, the"
      + " first included (0.1 = ten times faster). Default: 1.")
  Double tpcwTt;

  @Option(names = "-SLOW", paramLabel = "FACTOR", description = "With --tpcw: multiplies think times (not the"
      + " first), user-session durations and -RU/-MI/-RD. Default: 1.")
  Double tpcwSlow;

  @Option(names = "-CUST", paramLabel = "N", description = "With --tpcw: customers in the database the"
      + " browsers draw C_IDs from (the bookstore must have as many: serve --tpcw -CUST N). Default: 1000.")
  Integer tpcwCust;

  @Option(names = "-ITEM", paramLabel = "N", description = "With --tpcw: items in the database (1000, 10000,"
      + " 100000, 1000000 or 10000000). Default: 10000.")
  Integer tpcwItem;

  @Option(names = "-GETIM", paramLabel = "BOOL", description = "With --tpcw: fetch each page's images, as the RBE"
      + " does (true/false; the RBE reads the first letter: t, y, e, 1 are true). Default: true.")
  String tpcwGetim;

  @Option(names = "-MAXERROR", paramLabel = "N", description = "With --tpcw: the RBE exits at its N-th error (0:"
      + " never). crosscheck does not stop: it says when and where the RBE would have. Default: 1.")
  Integer tpcwMaxError;

  @Option(names = "-CON", paramLabel = "N", description = "With --tpcw: images the RBE reads at once. Default: 4.")
  Integer tpcwCon;

  @Option(
      names = "--replay",
      paramLabel = "RUN_DIR",
      description = "Re-run the sessions RUN_DIR recorded (any engine's run, or an agent's audit of another"
          + " generator): each session at its recorded start instant (relative to the first), with its request"
          + " sequence and think times. Only --target may be given with it (default: the recorded target).")
  String replay;

  @Option(
      names = "--ramp-up",
      paramLabel = "DURATION",
      description = "Warm-up window, excluded from statistics; closed users start spread over it (with --rubis"
          + " all users start at once, as the RUBiS client's do, and think times are multiplied by the"
          + " properties' up-ramp slowdown factor during it). Default: ${DEFAULT-VALUE}.")
  String rampUp = "0s";

  @Option(
      names = "--duration",
      paramLabel = "DURATION",
      description = "Measured window (after ramp-up), > 0, with a unit ns/us/ms/s/m/h. Default: ${DEFAULT-VALUE}.")
  String duration = "10s";

  @Option(
      names = "--ramp-down",
      paramLabel = "DURATION",
      description = "Cool-down window after the measured one, excluded from statistics (with --rubis think"
          + " times are multiplied by the properties' down-ramp slowdown factor during it). Default: ${DEFAULT-VALUE}.")
  String rampDown = "0s";

  @Option(
      names = "--seed",
      paramLabel = "LONG",
      description = "Seed of the schedule: same seed and spec, same work in every engine. Default: ${DEFAULT-VALUE}.")
  String seed = "1";

  /**
   * The options as the run package takes them, with those given in {@code parsed} (the command's
   * parse result; null: none given).
   */
  WorkloadRequest request(CommandLine.ParseResult parsed) {
    java.util.Map<String, String> given = new java.util.HashMap<>();
    if (parsed != null) {
      for (CommandLine.Model.OptionSpec o : parsed.matchedOptions()) {
        for (String name : o.names()) {
          given.put(name, String.valueOf((Object) o.getValue()));
        }
      }
    }
    List<String> names = new java.util.ArrayList<>();
    for (java.lang.reflect.Field f : WorkloadOptions.class.getDeclaredFields()) {
      if (f.getAnnotation(Option.class) != null) {
        names.add(f.getAnnotation(Option.class).names()[0]);
      }
    }
    return new WorkloadRequest(target, arrival, users, sessionsPerUser, rate, process, interarrival, rateSchedule, think, sessionLength, urls, urlFile, urlOrder, wsesslog, rubis, rubisTable, thinkScale, tpcw, tpcwEb, tpcwRu, tpcwMi, tpcwRd, tpcwTt, tpcwSlow, tpcwCust, tpcwItem, tpcwGetim, tpcwMaxError, tpcwCon, replay, rampUp, duration, rampDown, seed,
        given, names);
  }
}
