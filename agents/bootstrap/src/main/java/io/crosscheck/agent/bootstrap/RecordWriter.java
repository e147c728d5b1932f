package io.crosscheck.agent.bootstrap;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The agent's one writer: target threads hand finished exchanges and intervals to a bounded queue
 * (never blocking: a full queue drops and counts); one daemon thread, on its own timer (it is never
 * woken by them), appends whole rows to requests.csv and intervals.csv and flushes every {@link
 * #FLUSH_MILLIS} ms, so a target killed outright loses at most that much.
 *
 * <p>requests.csv: the harness's {@code io.crosscheck.record.RequestCsv} format (18 columns, RFC 4180
 * quoting, UTF-8, {@code \n}) and three agent columns: {@code thread} (thread name), {@code
 * intervalId} (-1 when none), {@code closeNanos} (the generator's close of the reply stream, -1 if
 * never). intervals.csv: {@code intervalId,threadId,thread,source,startNanos,endNanos,reportedNanos,
 * reportedValue,reportedUnit,exchanges} (see {@link IntervalRow}). Instants: the target's {@code
 * System.nanoTime()}.
 */
final class RecordWriter {
  static final String REQUESTS_HEADER = "sessionId,userId,seq,method,url,connectionId,connectionOpenNanos,"
      + "connectionReused,intendedStartNanos,sendStartNanos,firstByteNanos,lastByteNanos,status,requestBytes,"
      + "responseBytes,outcome,phase,detail,thread,intervalId,closeNanos";
  static final String INTERVALS_HEADER = "intervalId,threadId,thread,source,startNanos,endNanos,reportedNanos,"
      + "reportedValue,reportedUnit,exchanges";
  static final int QUEUE_CAPACITY = 1 << 16;
  static final long FLUSH_MILLIS = 200;
  /** How often the writer looks at the queue: 64 Ki rows per 20 ms is ~3 M rows/s before a drop. */
  static final long POLL_MILLIS = 20;

  private final ArrayBlockingQueue<Object> queue = new ArrayBlockingQueue<>(QUEUE_CAPACITY);
  private final BufferedWriter requests;
  private final BufferedWriter intervals;
  private final Thread thread;
  private volatile boolean closing;
  final AtomicLong dropped = new AtomicLong();
  final AtomicLong requestRows = new AtomicLong();
  final AtomicLong intervalRows = new AtomicLong();
  private volatile IOException failure;

  RecordWriter(Path dir) throws IOException {
    requests = open(dir.resolve("requests.csv"), REQUESTS_HEADER);
    intervals = open(dir.resolve("intervals.csv"), INTERVALS_HEADER);
    thread = new Thread(this::loop, "crosscheck-agent-writer");
    thread.setDaemon(true);
    thread.start();
  }

  private static BufferedWriter open(Path file, String header) throws IOException {
    BufferedWriter w = new BufferedWriter(new OutputStreamWriter(Files.newOutputStream(file,
        StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE), StandardCharsets.UTF_8), 1 << 16);
    w.write(header);
    w.write('\n');
    w.flush();
    return w;
  }

  /** Queues a row; never blocks. */
  void offer(Object row) {
    if (closing || !queue.offer(row)) {
      dropped.incrementAndGet();
    }
  }

  /** Rows queued and not yet taken by the writer thread. */
  int queued() {
    return queue.size();
  }

  private void loop() {
    List<Object> batch = new ArrayList<>(4096);
    StringBuilder sb = new StringBuilder(1 << 12);
    long lastFlushNanos = System.nanoTime();
    boolean dirty = false;
    while (true) {
      try {
        // the writer polls on its own timer: target threads never wake it (no futex per row), and
        // the files are written in batches, not a write(2) per row
        boolean last = closing;
        while (queue.drainTo(batch, 4096) > 0) {
          write(batch, sb);
          batch.clear();
          dirty = true;
        }
        long now = System.nanoTime();
        if (dirty && (last || now - lastFlushNanos >= FLUSH_MILLIS * 1_000_000L)) {
          requests.flush();
          intervals.flush();
          dirty = false;
          lastFlushNanos = now;
        }
        if (last) {
          return;
        }
        try {
          Thread.sleep(POLL_MILLIS);
        } catch (InterruptedException e) {
          // close() wakes it: one more round drains what is left
        }
      } catch (IOException | RuntimeException e) {
        failure = e instanceof IOException io ? io : new IOException(e);
        AgentControl.log("writer failed: " + e);
        return;
      }
    }
  }


  private void write(List<Object> batch, StringBuilder sb) throws IOException {
    for (Object o : batch) {
      sb.setLength(0);
      if (o instanceof Exchange ex) {
        appendRow(sb, ex);
        requests.append(sb);
        requestRows.incrementAndGet();
      } else if (o instanceof IntervalRow r) {
        appendRow(sb, r);
        intervals.append(sb);
        intervalRows.incrementAndGet();
      }
    }
  }

  static StringBuilder appendRow(StringBuilder sb, Exchange e) {
    sb.append(e.threadId).append(',').append(e.userIndex).append(',').append(e.seq).append(',');
    text(sb, e.method).append(',');
    text(sb, e.url).append(',');
    text(sb, e.connectionId).append(',');
    sb.append(e.connectionOpenNanos).append(',').append(e.connectionReused).append(',')
        .append(e.intendedStartNanos).append(',').append(e.sendStartNanos).append(',')
        .append(e.firstByteNanos).append(',').append(e.lastByteNanos).append(',')
        .append(e.status).append(',').append(e.requestBytes).append(',').append(e.responseBytes).append(',')
        .append(e.outcome).append(",measure,");
    text(sb, e.detail).append(',');
    text(sb, e.threadName).append(',');
    sb.append(e.intervalId).append(',').append(e.closeNanos).append('\n');
    return sb;
  }

  static StringBuilder appendRow(StringBuilder sb, IntervalRow r) {
    sb.append(r.intervalId()).append(',').append(r.threadId()).append(',');
    text(sb, r.threadName()).append(',');
    text(sb, r.source()).append(',');
    sb.append(r.startNanos()).append(',').append(r.endNanos()).append(',').append(r.reportedNanos()).append(',');
    text(sb, r.reportedValue()).append(',');
    text(sb, r.reportedUnit()).append(',');
    sb.append(r.exchanges()).append('\n');
    return sb;
  }

  /** RFC 4180: quoted when it holds a comma, a quote, CR or LF; inner quotes doubled. */
  static StringBuilder text(StringBuilder sb, String s) {
    if (s == null) {
      return sb;
    }
    boolean quote = false;
    for (int i = 0; i < s.length() && !quote; i++) {
      char c = s.charAt(i);
      quote = c == ',' || c == '"' || c == '\n' || c == '\r';
    }
    if (!quote) {
      return sb.append(s);
    }
    sb.append('"');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '"') {
        sb.append('"');
      }
      sb.append(c);
    }
    return sb.append('"');
  }

  /** Writes every queued row, flushes and closes; waits at most {@code timeoutMillis}. */
  void close(long timeoutMillis) {
    closing = true;
    thread.interrupt();
    try {
      thread.join(timeoutMillis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    try {
      synchronized (this) {
        requests.close();
        intervals.close();
      }
    } catch (IOException e) {
      AgentControl.log("closing the record files: " + e);
    }
  }

  IOException failure() {
    return failure;
  }
}
