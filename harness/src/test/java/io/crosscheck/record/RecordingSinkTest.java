package io.crosscheck.record;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.crosscheck.model.Phase;
import io.crosscheck.rundir.RunDirectory;
import io.crosscheck.model.Phases;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RecordingSinkTest {
  private static final Phases PHASES = new Phases(1_000_000_000L, 10_000_000_000L, 1_000_000_000L);
  private static final int THREADS = 4;
  private static final int PER_THREAD = 25_000;

  @TempDir Path base;

  /** Record i of thread t: phase, outcome and URL follow i so that the expected counts are known. */
  private static RequestRecord record(int t, int i) {
    Phase phase = i % 10 == 0 ? Phase.RAMP_UP : i % 10 == 1 ? Phase.RAMP_DOWN : Phase.MEASURE;
    Outcome outcome = i % 7 == 0 ? Outcome.TIMEOUT : i % 5 == 0 ? Outcome.HTTP_ERROR : Outcome.OK;
    boolean a = i % 2 == 0;
    String url = a ? "/a" : "/b?id=" + i + "&x=1,2";
    long latencyNanos = a ? 1_000_000 : 3_000_000;
    long sessionId = t * 1_000_000L + i / 5;
    return Records.of(sessionId, i % 5, url, outcome, outcome == Outcome.OK ? 200 : 503,
        1_000_000_000L + i * 1_000L, latencyNanos, phase, outcome == Outcome.TIMEOUT ? "timeout, 30 s" : "");
  }

  @Test
  void concurrentWritersLoseNothingAndTheSummaryAndLogAgree() throws Exception {
    RunDirectory dir = RunDirectory.create(base, "sink");
    RecordingSink sink = new RecordingSink(dir.path(), PHASES);
    CountDownLatch start = new CountDownLatch(1);
    List<Thread> threads = new ArrayList<>();
    for (int t = 0; t < THREADS; t++) {
      int thread = t;
      Thread th = new Thread(() -> {
        try {
          start.await();
        } catch (InterruptedException e) {
          return;
        }
        for (int i = 0; i < PER_THREAD; i++) {
          sink.accept(record(thread, i));
        }
      });
      th.start();
      threads.add(th);
    }
    start.countDown();
    for (Thread th : threads) {
      th.join();
    }
    Summary summary = sink.close();

    // requests.csv: every record exactly once
    List<RequestRecord> rows = RequestCsv.read(dir.requestsCsv());
    assertEquals(THREADS * PER_THREAD, rows.size());
    Set<String> keys = new HashSet<>();
    for (RequestRecord r : rows) {
      keys.add(r.sessionId() + "/" + r.seq());
    }
    assertEquals(THREADS * PER_THREAD, keys.size());
    assertEquals(THREADS * PER_THREAD, sink.recordsWritten());

    // expected counts, computed from the same rule
    long measure = 0, measureA = 0, measureErrors = 0, measureTimeouts = 0, complete = 0;
    long measureCompleteA = 0, measureCompleteB = 0;
    long[] outcomes = new long[Outcome.values().length];
    for (int t = 0; t < THREADS; t++) {
      for (int i = 0; i < PER_THREAD; i++) {
        RequestRecord r = record(t, i);
        outcomes[r.outcome().ordinal()]++;
        boolean done = r.outcome() != Outcome.TIMEOUT;
        complete += done ? 1 : 0;
        if (r.phase() == Phase.MEASURE) {
          measure++;
          measureA += r.url().equals("/a") ? 1 : 0;
          measureErrors += r.outcome() != Outcome.OK ? 1 : 0;
          measureTimeouts += r.outcome() == Outcome.TIMEOUT ? 1 : 0;
          if (done) {
            if (r.url().equals("/a")) {
              measureCompleteA++;
            } else {
              measureCompleteB++;
            }
          }
        }
      }
    }
    assertEquals(THREADS * PER_THREAD, summary.recordsTotal());
    for (Outcome o : Outcome.values()) {
      assertEquals(outcomes[o.ordinal()], summary.outcomeCounts().get(o), o.label());
    }
    UrlStats all = summary.overall();
    assertEquals(measure, all.count());
    assertEquals(measureErrors, all.errors());
    assertEquals(measureTimeouts, all.errorsByOutcome().get(Outcome.TIMEOUT));
    assertEquals(measureCompleteA + measureCompleteB, all.latencyCount());
    assertEquals(2, summary.perUrl().size(), "query strings group by path");
    UrlStats a = summary.url("/a");
    UrlStats b = summary.url("/b");
    assertEquals(measureA, a.count());
    assertEquals(measure - measureA, b.count());
    assertEquals(1_000.0, a.meanMicros(), 1e-9);
    assertEquals(3_000.0, b.maxMicros(), 1e-9);
    assertEquals(1_000.0, a.p99Micros(), 1.0); // 3 significant digits
    assertEquals(3_000.0, b.p50Micros(), 3.0);
    double expectedMean = (measureCompleteA * 1_000.0 + measureCompleteB * 3_000.0)
        / (measureCompleteA + measureCompleteB);
    assertEquals(expectedMean, all.meanMicros(), 1e-6);
    assertEquals(measure / 10.0, all.throughputPerSecond(), 1e-9, "window = measure phase, 10 s");
    assertEquals(0, summary.impossibleMeasurements());
    assertTrue(Files.size(dir.summaryJson()) > 0);

    // latency.hlog: every complete reply of every phase, once per tag
    long service = 0, response = 0;
    try (HistogramLogReader reader = new HistogramLogReader(dir.latencyHlog().toFile())) {
      EncodableHistogram h;
      while ((h = reader.nextIntervalHistogram()) != null) {
        org.HdrHistogram.Histogram hist = (org.HdrHistogram.Histogram) h;
        if (LatencyHistograms.TAG_SERVICE.equals(h.getTag())) {
          service += hist.getTotalCount();
          if (hist.getTotalCount() > 0) {
            assertTrue(hist.getMaxValue() <= 3_003, "values are micros: " + hist.getMaxValue());
          }
        } else if (LatencyHistograms.TAG_RESPONSE.equals(h.getTag())) {
          response += hist.getTotalCount();
        }
      }
    }
    assertEquals(complete, service);
    assertEquals(complete, response);
  }

  @Test
  void rowsReachTheDiskWhileTheSinkIsOpen() throws Exception {
    RunDirectory dir = RunDirectory.create(base, "flush");
    RecordingSink sink = new RecordingSink(dir.path(), PHASES);
    for (int i = 0; i < 1_000; i++) {
      sink.accept(record(0, i));
    }
    Thread.sleep(500);

    List<RequestRecord> seen = RequestCsv.read(dir.requestsCsv());

    assertEquals(1_000, seen.size());
    assertEquals(record(0, 999), seen.get(999));
    sink.close();
    assertEquals(1_000, RequestCsv.read(dir.requestsCsv()).size());
  }

  @Test
  void impossibleLatencyIsCountedNotClampedAndLeftOutOfTheFigures() throws IOException {
    RunDirectory dir = RunDirectory.create(base, "impossible");
    RecordingSink sink = new RecordingSink(dir.path(), PHASES);
    sink.accept(Records.ok(1, 0, "/x", 5_000_000, 2_000_000, Phase.MEASURE));
    // last byte 1 ms before the send started
    sink.accept(Records.ok(2, 0, "/x", 5_000_000, -1_000_000, Phase.MEASURE));
    Summary summary = sink.close();

    assertEquals(1, summary.impossibleMeasurements());
    UrlStats x = summary.url("/x");
    assertEquals(2, x.count());
    assertEquals(1, x.latencyCount());
    assertEquals(2_000.0, x.meanMicros(), 1e-9);
    // the row itself is kept as measured
    assertEquals(4_000_000, RequestCsv.read(dir.requestsCsv()).get(1).lastByteNanos());
    String json = Files.readString(dir.summaryJson());
    assertTrue(json.contains("\"impossibleMeasurements\" : 1"), json);
  }

  @Test
  void windowIsTheMeasurePhasePartOfTheRealRunAndLateRecordsAreCounted() throws IOException {
    RunDirectory dir = RunDirectory.create(base, "window");
    RecordingSink sink = new RecordingSink(dir.path(), PHASES);
    for (int i = 0; i < 400; i++) {
      sink.accept(Records.ok(i, 0, "/w", 2_000_000_000L + i, 1_000, Phase.MEASURE));
    }
    // interrupted 5 s into the run: 1 s ramp-up, then 4 s of the measure phase
    Summary summary = sink.close(100L, 100L + 5_000_000_000L);
    sink.accept(Records.ok(999, 0, "/late", 1, 1, Phase.MEASURE));

    assertEquals(4_000_000_000L, summary.measuredWindowNanos());
    assertEquals(100.0, summary.overall().throughputPerSecond(), 1e-9);
    assertEquals(1, sink.recordsDroppedAfterClose());
    assertEquals(Map.of(), summary.overall().errorsByOutcome());
    assertTrue(summary == sink.close(), "close is idempotent");
  }

  @Test
  void aRecordQueuedAfterTheLastDrainIsCountedAsDropped() throws IOException {
    RecordingSink sink = new RecordingSink(RunDirectory.create(base, "race").path(), PHASES);
    sink.accept(Records.ok(1, 0, "/r", 2_000_000_000L, 1_000, Phase.MEASURE));
    assertEquals(0, sink.recordsDroppedAfterClose(), "a queued record is still to be written");
    sink.close(100L, 100L + 5_000_000_000L);
    // an event loop passed accept's closing check before close() began and queued after its drain
    sink.enqueue(Records.ok(2, 0, "/r", 2_000_000_001L, 1_000, Phase.MEASURE));
    sink.accept(Records.ok(3, 0, "/r", 2_000_000_002L, 1_000, Phase.MEASURE));

    assertEquals(1, sink.recordsWritten());
    assertEquals(2, sink.recordsDroppedAfterClose());
  }

  /** The short RUBiS run: 4 requests in the first 0.096 s of a 3 s measure phase, then the engine returned. */
  private Summary shortRun(String name, Phases phases, Closer closer) throws IOException {
    RecordingSink sink = new RecordingSink(RunDirectory.create(base, name).path(), phases);
    for (int i = 0; i < 4; i++) {
      sink.accept(Records.ok(i, 0, "/rubis", 1_000L + i * 30_000_000L, 5_000_000L, Phase.MEASURE));
    }
    return closer.close(sink);
  }

  private interface Closer {
    Summary close(RecordingSink sink) throws IOException;
  }

  @Test
  void aCompletedRunCoversItsWholeMeasurePhaseEvenWhenTheEngineReturnedEarly() throws IOException {
    Phases threeSeconds = new Phases(0, 3_000_000_000L, 0);
    Summary completed = shortRun("completed", threeSeconds, s -> s.closeAfterRun(1_000L, 1_000L + 96_000_000L, true));
    assertEquals(3_000_000_000L, completed.measuredWindowNanos(), "the configured phase, not the first replies' span");
    assertTrue(!completed.givesRate(completed.overall().count()), "4 requests give no rate");

    Summary stopped = shortRun("stopped", threeSeconds, s -> s.closeAfterRun(1_000L, 1_000L + 96_000_000L, false));
    assertEquals(96_000_000L, stopped.measuredWindowNanos(), "a stopped run covered its phase up to its end");
    assertEquals(stopped.measuredWindowNanos(),
        shortRun("twoArgs", threeSeconds, s -> s.close(1_000L, 1_000L + 96_000_000L)).measuredWindowNanos());
  }

  @Test
  void aRunThatEndedInItsRampUpOrWithoutAnEngineResultHasNoWindowAndNoRate() throws IOException {
    // ended 0.5 s into a 1 s ramp-up: no part of the measure phase was covered
    Summary inRampUp = shortRun("rampUp", PHASES, s -> s.close(1_000L, 1_000L + 500_000_000L));
    assertEquals(0, inRampUp.measuredWindowNanos());
    assertTrue(Double.isNaN(inRampUp.overall().throughputPerSecond()),
        "not 4 / the records' own span: " + inRampUp.overall());
    Summary unknown = shortRun("unknown", PHASES, RecordingSink::closeWithUnknownWindow);
    assertEquals(0, unknown.measuredWindowNanos());
    assertTrue(Double.isNaN(unknown.overall().throughputPerSecond()), unknown.overall().toString());
  }

  @Test
  void closeFinishesTheFilesEvenWhenTheCallerIsInterrupted() throws IOException {
    RunDirectory dir = RunDirectory.create(base, "interrupted");
    RecordingSink sink = new RecordingSink(dir.path(), PHASES);
    sink.accept(Records.ok(1, 0, "/i", 1_000, 1_000, Phase.MEASURE));
    Thread.currentThread().interrupt();
    try {
      Summary summary = sink.close();
      assertTrue(Thread.currentThread().isInterrupted(), "the interrupt is kept");
      assertEquals(1, summary.recordsTotal());
    } finally {
      Thread.interrupted();
    }
    assertEquals(1, RequestCsv.read(dir.requestsCsv()).size());
    assertTrue(Files.exists(dir.summaryJson()));
  }

  /**
   * A full disk under latency.hlog (here /dev/full, which fails every write with ENOSPC) is said
   * with its cause, as one under requests.csv is: the PrintStream the histogram log needs hides the
   * IOException, so the sink keeps the first one (a fresh-clone run once said only "cannot write").
   */
  @Test
  void aFullDiskUnderTheHistogramLogIsSaidWithItsCause() throws Exception {
    org.junit.jupiter.api.Assumptions.assumeTrue(Files.isWritable(Path.of("/dev/full")));
    Path dir = Files.createDirectories(base.resolve("full"));
    Files.createSymbolicLink(dir.resolve(RecordingSink.LATENCY_HLOG), Path.of("/dev/full"));
    RecordingSink sink = new RecordingSink(dir, new Phases(0, 1_000_000_000L, 0));
    sink.accept(Records.ok(1, 0, "/a", 1_000_000, 500_000, Phase.MEASURE));
    IOException e = org.junit.jupiter.api.Assertions.assertThrows(IOException.class, sink::close);
    assertTrue(e.getMessage().contains("latency.hlog: No space left on device"), e.getMessage());
    assertEquals(1, RequestCsv.read(dir.resolve(RecordingSink.REQUESTS_CSV)).size(), "the record is kept");
  }
}
