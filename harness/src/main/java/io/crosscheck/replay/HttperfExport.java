package io.crosscheck.replay;

import io.crosscheck.model.SessionSource;
import io.crosscheck.record.JsonFiles;
import io.crosscheck.text.Printable;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * Writes {@link RecordedSessions} for httperf: {@code sessions.wsesslog}, {@code interarrival.txt}
 * and a {@code README.txt} with the commands. Each file is written to a temporary file in the same
 * directory and moved into place; {@code README.txt} last, so a directory holding it is complete.
 * Stateless.
 *
 * <p>{@code sessions.wsesslog} (httperf(1) {@code --wsesslog=N,X,F}; crosscheck's {@code --wsesslog}
 * reads it back): a {@code #} comment header; one block per session in order of their recorded start
 * instants, a blank line between blocks, each block opening with a comment naming the session and its
 * start; one request per line, {@code PATH [method=METHOD] think=SECONDS} (method only when not GET).
 * {@code think} is httperf's: the time after the reply to this request (and to its burst) before the
 * next request is sent, in seconds with 9 decimals; the last request of a session has {@code think=0}.
 * A request that overlapped the one ahead (a burst member) is indented by a tab and has no think.
 * Request bodies are not recorded, so none is written.
 *
 * <p>{@code interarrival.txt}: one line per session, in the same order, the gap in seconds (9
 * decimals) from the previous session's start; the first line is 0 (the first session starts at
 * the origin). Read as crosscheck's {@code --interarrival file:interarrival.txt} or the study's
 * patched httperf {@code --period=s,interarrival.txt}. Not written for a closed-model run ({@link
 * RecordedSessions#closedUsers}): there a session starts when its user's previous one ends, so the
 * start gaps are no arrival process (all 0 when each user ran one session, which {@code file:}
 * rightly refuses); a stale one from an earlier export into the same directory is removed, and
 * README.txt says what replays a closed model instead.
 */
public final class HttperfExport {
  public static final String SESSIONS = "sessions.wsesslog";
  public static final String INTERARRIVAL = "interarrival.txt";
  public static final String README = "README.txt";
  /** httperf 0.9.0 reads at most this many sessions from a --wsesslog file (MAX_SESSION_TEMPLATES). */
  public static final int HTTPERF_MAX_SESSIONS = 1000;

  private HttperfExport() {}

  /**
   * What was written.
   *
   * @param meanGapSeconds the mean session start gap; NaN when not judged (a closed model, fewer
   *     than two sessions, or all starts at one instant)
   * @param ratePerSecond its inverse, NaN likewise
   * @param closedUsers the users of a closed-model run (no interarrival.txt written), else 0
   */
  public record Written(Path directory, int sessions, long requests, double meanGapSeconds, double ratePerSecond,
      int closedUsers) {}

  /**
   * Writes the three files into {@code dir} (created if missing).
   *
   * @param serverPort the port the README's commands name (the recorded run's target port, or 80)
   */
  public static Written write(RecordedSessions recorded, Path dir, int serverPort) throws IOException {
    Files.createDirectories(dir);
    List<RecordedSessions.Session> sessions = recorded.sessions();
    StringBuilder log = new StringBuilder(64 * sessions.size());
    log.append("# httperf --wsesslog sessions exported by crosscheck from ").append(oneLine(recorded.runId()))
        .append(" (recorded by ").append(oneLine(recorded.engine())).append(")\n")
        .append(String.format(Locale.ROOT, "# %d sessions, %d requests; think=SECONDS: the delay after the"
            + " reply before the next request\n", sessions.size(), recorded.requestCount()));
    StringBuilder gaps = new StringBuilder(16 * sessions.size());
    long previousStart = recorded.firstStartNanos();
    for (int i = 0; i < sessions.size(); i++) {
      RecordedSessions.Session s = sessions.get(i);
      log.append('\n').append(String.format(Locale.ROOT, "# session %d: recorded sessionId %d, start +%s s\n",
          i + 1, s.sessionId(), seconds(s.offsetNanos(recorded))));
      appendSession(log, s);
      gaps.append(seconds(s.startNanos() - previousStart)).append('\n');
      previousStart = s.startNanos();
    }
    int closedUsers = recorded.closedUsers();
    double meanGapSeconds = sessions.size() < 2 || recorded.startSpanNanos() <= 0 || closedUsers > 0 ? Double.NaN
        : recorded.startSpanNanos() / 1e9 / (sessions.size() - 1);
    double rate = 1 / meanGapSeconds;
    writeAtomically(dir.resolve(SESSIONS), log.toString());
    if (closedUsers > 0) {
      Files.deleteIfExists(dir.resolve(INTERARRIVAL)); // an earlier export's: it would pass for this run's
      writeAtomically(dir.resolve(README), closedReadme(recorded, serverPort, closedUsers));
    } else {
      writeAtomically(dir.resolve(INTERARRIVAL), gaps.toString());
      writeAtomically(dir.resolve(README), readme(recorded, serverPort, meanGapSeconds, rate));
    }
    return new Written(dir, sessions.size(), recorded.requestCount(), meanGapSeconds, rate, closedUsers);
  }

  /** README.txt of a closed-model run: no interarrival.txt, and what httperf can do instead. */
  private static String closedReadme(RecordedSessions recorded, int port, int users) {
    int n = recorded.sessions().size();
    long perUser = Math.max(1, Math.round((double) n / users));
    return String.join("\n",
        header(recorded),
        "  no " + INTERARRIVAL + ": the run was a closed model of " + users + " users. Each user started its"
            + " next session when its previous one ended, so the session start instants are not an arrival"
            + " process that a file of gaps could replay (with one session per user they are all 0).",
        "",
        "httperf has no closed model of several users. With --rate 0 it starts each session when the previous"
            + " one has ended: one closed user. The nearest to " + users + " users is " + users + " httperf"
            + " processes started together, each running about " + perUser + " sessions one after another:",
        "  httperf --hog --server 127.0.0.1 --port " + port + " --wsesslog=" + perUser + ",0," + SESSIONS
            + " --rate 0",
        "What that changes: every process replays the file's first " + perUser + " sessions, not one recorded"
            + " user's; and each session uses its own persistent connection, whatever the recorded generator did"
            + " with connections. Kept: the sessions' request sequences (order, methods, targets), bursts and"
            + " think times, and the number of users running at once.",
        "",
        (n > HTTPERF_MAX_SESSIONS ? "Note: httperf 0.9.0 reads at most " + HTTPERF_MAX_SESSIONS + " sessions from"
            + " a --wsesslog file (MAX_SESSION_TEMPLATES in wsesslog.c); this file has " + n + ".\n\n" : "")
            + "For the recorded start instants with crosscheck's engines:",
        "  crosscheck replay " + oneLine(recorded.runDirectory().toString()) + " --engine netty",
        "");
  }

  /**
   * The lines of one session (no blank line): each group's head carries the think after the group,
   * as {@link ReplayWorkloads#wsSession} derives it for a replay.
   */
  static void appendSession(StringBuilder log, RecordedSessions.Session s) {
    for (SessionSource.WsRequest r : ReplayWorkloads.wsSession(s).requests()) {
      if (r.burstWithPrevious()) {
        log.append('\t');
      }
      log.append(r.path());
      if (!r.method().equals("GET")) {
        log.append(" method=").append(r.method());
      }
      if (!r.burstWithPrevious()) {
        log.append(" think=").append(seconds(r.thinkAfterNanos()));
      }
      log.append('\n');
    }
  }

  static String seconds(long nanos) {
    return String.format(Locale.ROOT, "%d.%09d", nanos / 1_000_000_000L, nanos % 1_000_000_000L);
  }

  /** The lines both READMEs open with: the run, the evidence, and sessions.log. */
  private static String header(RecordedSessions recorded) {
    int n = recorded.sessions().size();
    return String.join("\n",
        "crosscheck export --httperf: the recorded sessions of a run, for httperf 0.9.0",
        "",
        "Run:       " + oneLine(recorded.runDirectory().toString()) + " (run id " + oneLine(recorded.runId())
            + ", recorded by " + oneLine(recorded.engine())
            + (recorded.run().seed() == null ? "" : ", seed " + recorded.run().seed()) + ")",
        "Evidence:  " + oneLine(recorded.describe()),
        "",
        "Files",
        "  " + SESSIONS + "   " + n + " sessions, " + recorded.requestCount() + " requests, in order of their"
            + " recorded start instants; think=SECONDS on each request is the delay after its reply (and its"
            + " burst's) before the next request, as httperf defines it; a tab-indented line overlapped the"
            + " request above in the recording and is sent as its burst. Request bodies are not recorded:"
            + " none is sent.");
  }

  private static String oneLine(String s) {
    return io.crosscheck.text.Printable.escape(s);
  }

  private static String readme(RecordedSessions recorded, int port, double meanGapSeconds, double rate) {
    int n = recorded.sessions().size();
    String rateText = String.format(Locale.ROOT, "%.6f", rate);
    String meanText = String.format(Locale.ROOT, "%.9f", meanGapSeconds);
    return String.join("\n",
        header(recorded),
        "  " + INTERARRIVAL + "  " + n + " lines: the gap in seconds from the previous session's start"
            + " (the first is 0).",
        "",
        "The study's patched httperf (--period=s,FILE) replays the start instants themselves:",
        "  httperf --hog --server 127.0.0.1 --port " + port + " --wsesslog=" + n + ",0," + SESSIONS
            + " --period=s," + INTERARRIVAL,
        "",
        "Stock httperf 0.9.0 (Debian's) has no --period=s,FILE. The closest stock invocation keeps the number"
            + " of sessions and their mean start rate (" + rateText + " sessions/s, a mean gap of " + meanText
            + " s over the recorded starts):",
        "  httperf --hog --server 127.0.0.1 --port " + port + " --wsesslog=" + n + ",0," + SESSIONS
            + " --rate " + rateText,
        "or, with exponential gaps of the same mean (a Poisson process, the same sequence for the same"
            + " --period and --client):",
        "  httperf --hog --server 127.0.0.1 --port " + port + " --wsesslog=" + n + ",0," + SESSIONS
            + " --period=e" + meanText,
        "",
        "What the stock invocation changes: the session start instants are no longer the recorded ones. With"
            + " --rate, sessions start exactly 1/RATE s apart; with --period=e, at random exponential gaps."
            + " The recorded gaps' own pattern (bursts of arrivals, idle stretches, a ramp) is lost, and with it"
            + " how many sessions overlap at each moment. Kept: the sessions, their request sequences (order,"
            + " methods, targets), bursts and think times, and the number of sessions (each used once, N = " + n
            + "). As always with httperf, each session uses its own persistent connection, whatever the"
            + " recorded generator did with connections.",
        "",
        (n > HTTPERF_MAX_SESSIONS ? "Note: httperf 0.9.0 reads at most " + HTTPERF_MAX_SESSIONS + " sessions from"
            + " a --wsesslog file (MAX_SESSION_TEMPLATES in wsesslog.c) and stops with \"too many sessions\"; this"
            + " file has " + n + ": export a shorter run for stock httperf.\n\n" : "")
            + "For the exact recorded start instants with crosscheck's engines:",
        "  crosscheck replay " + oneLine(recorded.runDirectory().toString()) + " --engine netty",
        "");
  }

  private static void writeAtomically(Path file, String text) throws IOException {
    JsonFiles.writeAtomically(file, text.getBytes(StandardCharsets.UTF_8));
  }

  /**
   * What {@code crosscheck export} says after writing {@code w} into {@code dir}: the files and their
   * counts, the start gaps' mean (or why it is not judged, or why a closed model has none), and
   * httperf's session limit when it is passed. One line each, with their line ends.
   */
  public static String summary(Written w, Path dir) {
    StringBuilder out = new StringBuilder();
    if (w.closedUsers() > 0) {
      out.append(String.format(Locale.ROOT, "crosscheck export: wrote %s (%,d sessions, %,d requests) and %s in %s; no"
          + " %s: the run was a closed model of %,d users (a session started when its user's previous one ended,"
          + " not at a rate): %s says how httperf can replay it%n", HttperfExport.SESSIONS, w.sessions(),
          w.requests(), HttperfExport.README, Printable.escape(dir.toString()), HttperfExport.INTERARRIVAL,
          w.closedUsers(), HttperfExport.README));
    } else {
      String mean = Double.isNaN(w.meanGapSeconds())
          ? "mean gap not judged: " + (w.sessions() < 2 ? "fewer than 2 sessions" : "every session started at one instant")
          : String.format(Locale.ROOT, "mean %.6f s: %.3f sessions/s over the recorded starts", w.meanGapSeconds(),
              w.ratePerSecond());
      out.append(String.format(Locale.ROOT, "crosscheck export: wrote %s (%,d sessions, %,d requests), %s (%,d start"
          + " gaps, %s) and %s in %s%n", HttperfExport.SESSIONS, w.sessions(), w.requests(),
          HttperfExport.INTERARRIVAL, w.sessions(), mean, HttperfExport.README, Printable.escape(dir.toString())));
    }
    if (w.sessions() > HttperfExport.HTTPERF_MAX_SESSIONS) {
      out.append(String.format(Locale.ROOT, "crosscheck export: note: stock httperf 0.9.0 reads at most %,d sessions"
          + " from a --wsesslog file (MAX_SESSION_TEMPLATES); this one has %,d: export a shorter run for it%n",
          HttperfExport.HTTPERF_MAX_SESSIONS, w.sessions()));
    }
    return out.toString();
  }
}
