package io.crosscheck.run;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.IntSupplier;

/**
 * Counts a server's worker processes once a second into {@code workers.csv} ({@code
 * epochSeconds,workers}, the wall-clock second of the count, as connection.csv's seconds), written
 * and flushed line by line so that a killed study keeps what was counted. A count that fails is
 * left out (the file then has a gap). Stopped by {@link #close()}.
 */
public final class WorkerSampler implements AutoCloseable {
  public static final String WORKERS_CSV = "workers.csv";
  public static final String HEADER = "epochSeconds,workers";

  private final Thread thread;
  private final Writer writer;
  private volatile boolean stop;

  private WorkerSampler(IntSupplier workers, Writer writer) {
    this.writer = writer;
    this.thread = new Thread(() -> loop(workers), "crosscheck-worker-sampler");
    thread.setDaemon(true);
  }

  public static WorkerSampler start(IntSupplier workers, Path file) throws IOException {
    Files.createDirectories(file.toAbsolutePath().getParent());
    Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
    w.write(HEADER + "\n");
    w.flush();
    WorkerSampler s = new WorkerSampler(workers, w);
    s.thread.start();
    return s;
  }

  private void loop(IntSupplier workers) {
    long nextMillis = System.currentTimeMillis();
    while (!stop) {
      try {
        int n = workers.getAsInt();
        synchronized (writer) {
          writer.write(System.currentTimeMillis() / 1000 + "," + n + "\n");
          writer.flush();
        }
      } catch (IOException | RuntimeException e) {
        // a count that failed (the server exiting, /proc racing): a gap in the file, not a wrong figure
      }
      nextMillis += 1000;
      try {
        Thread.sleep(Math.max(1, nextMillis - System.currentTimeMillis()));
      } catch (InterruptedException e) {
        return;
      }
    }
  }

  @Override
  public void close() throws IOException {
    stop = true;
    thread.interrupt();
    try {
      thread.join(5000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    synchronized (writer) {
      writer.close();
    }
  }
}
