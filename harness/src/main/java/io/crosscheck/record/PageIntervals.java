package io.crosscheck.record;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Predicate;

/**
 * The figure a page-timing generator reports (DESIGN.md §2, "reported interval"), rebuilt from an
 * engine's records for a script that emulates one ({@link
 * io.crosscheck.model.SessionScriptFactory#reportedPageTime()}: TPC-W's RBE): one interval per page,
 * from the page's intended start (the instant the emulated user meant to send it: the previous
 * page's end plus the think time) to the last byte of the last exchange before the user's next page
 * (its images, and its retries: a page request for the same URL right after a failed one continues
 * the interval, as the RBE's retry loop keeps its start). Written to {@link IntervalCsv#FILE} in the
 * run directory; each record's row of requests.csv names its interval ({@link
 * RequestCsv.AgentColumns#intervalId()}), so a comparison sets every interval against the wire
 * exactly as it does the agent's ({@code ReportedIntervalAnalysis}).
 *
 * <p>The reported figure is kept in nanoseconds on the engine's monotonic clock; the RBE itself
 * takes {@code System.currentTimeMillis()} differences (whole milliseconds). An interval whose last
 * exchange has no last byte has end and figure -1. Records of one user arrive in order (a closed
 * user runs one request at a time); state is kept per user, so memory is bounded by the users.
 * Single-threaded ({@link RecordingSink.RowAnnotator}).
 */
public final class PageIntervals implements RecordingSink.RowAnnotator {
  private final Predicate<String> isPage;
  private final String source;
  private final BufferedWriter out;
  private final Map<Integer, Open> openByUser = new HashMap<>();
  private final StringBuilder row = new StringBuilder(160);
  private long nextIntervalId;

  /** An interval still collecting exchanges. */
  private static final class Open {
    final long intervalId;
    final long sessionId;
    final int userId;
    final String pageUrl;
    final String thread;
    final long startNanos;
    long endNanos;
    int exchanges;
    boolean lastFailed;

    Open(long intervalId, RequestRecord page) {
      this.intervalId = intervalId;
      this.sessionId = page.sessionId();
      this.userId = page.userId();
      this.pageUrl = page.url();
      this.thread = thread(page.userId());
      this.startNanos = page.intendedStartNanos();
    }

    void add(RequestRecord r) {
      exchanges++;
      endNanos = r.lastByteNanos();
      lastFailed = r.lastByteNanos() < 0 || r.status() == 0 || r.status() >= 400;
    }
  }

  /**
   * Creates {@code dir}/intervals.csv with its header.
   *
   * @param isPage true for a request target that is a page (a state of the script), false for one
   *     that belongs to the page before it (an image)
   * @param source what the figure is, for intervals.csv's {@code source} column
   */
  public PageIntervals(Path dir, Predicate<String> isPage, String source) throws IOException {
    this.isPage = isPage;
    this.source = source;
    this.out = Files.newBufferedWriter(dir.resolve(IntervalCsv.FILE), StandardCharsets.UTF_8);
    out.write(IntervalCsv.HEADER);
    out.write('\n');
  }

  @Override
  public RequestCsv.AgentColumns annotate(RequestRecord r) {
    boolean page = isPage.test(r.url());
    Open open = openByUser.get(r.userId());
    boolean continues = open != null && open.sessionId == r.sessionId()
        && (!page || (open.lastFailed && open.pageUrl.equals(r.url())));
    if (!continues) {
      if (open != null) {
        write(open);
        openByUser.remove(r.userId());
      }
      open = page ? new Open(nextIntervalId++, r) : null;
      if (open != null) {
        openByUser.put(r.userId(), open);
      }
    }
    if (open == null) {
      return new RequestCsv.AgentColumns(thread(r.userId()), -1, -1); // an exchange before any page
    }
    open.add(r);
    return new RequestCsv.AgentColumns(open.thread, open.intervalId, -1);
  }

  private static String thread(int userId) {
    return "user-" + userId;
  }

  private void write(Open o) {
    boolean ended = o.endNanos >= 0 && o.startNanos >= 0;
    IntervalRecord record = new IntervalRecord(o.intervalId, o.userId, o.thread, source, o.startNanos,
        ended ? o.endNanos : -1, ended ? o.endNanos - o.startNanos : -1, "", "", o.exchanges);
    row.setLength(0);
    IntervalCsv.appendRow(row, record);
    try {
      out.append(row);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException("cannot write " + IntervalCsv.FILE, e);
    }
  }

  @Override
  public void flush() throws IOException {
    out.flush();
  }

  @Override
  public void close() throws IOException {
    try {
      openByUser.values().stream().sorted((a, b) -> Long.compare(a.intervalId, b.intervalId)).forEach(this::write);
      openByUser.clear();
    } catch (java.io.UncheckedIOException e) {
      out.close();
      throw e.getCause();
    }
    out.close();
  }
}
