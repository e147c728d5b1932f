package io.crosscheck.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.crosscheck.capture.CaptureReader;
import io.crosscheck.capture.CaptureStats;
import io.crosscheck.wire.ConnectionEvent;
import io.crosscheck.wire.WireExchange;
import io.crosscheck.wire.WireListener;
import io.crosscheck.wire.WireReconstructor;
import io.crosscheck.wire.WireStats;
import java.io.ByteArrayInputStream;
import java.io.IOException;

/**
 * Fuzzes the {@code capture → wire} spine: any bytes go through {@link CaptureReader} into a
 * {@link WireReconstructor}, then {@code finish}. The only acceptable failure is an {@link
 * IOException} (a clear refusal naming the input); anything else, an internal error counted by the
 * reconstructor, or a run that does not end, is a finding.
 *
 * <p>In a normal build ({@code mvn test}) Jazzer replays only the seeds in
 * {@code src/test/resources/io/crosscheck/fuzz/CaptureReaderFuzzTestInputs/readAndReconstruct/}
 * (small real captures: crosscheck's nanosecond pcap, tshark's microsecond pcap and pcapng, a cut
 * pcapng) plus any regression inputs added there. With {@code JAZZER_FUZZ=1} it fuzzes for {@code
 * maxDuration}: {@code scripts/fuzz-bounded.sh CaptureReader} (./run-tests fuzzes every target so). A crash
 * found that way is written to that directory as {@code crash-*}; keep it as a regression seed.
 */
class CaptureReaderFuzzTest {
  private static final WireListener DISCARD = new WireListener() {
    @Override
    public void exchange(WireExchange exchange) {}

    @Override
    public void connectionEvent(ConnectionEvent event) {}
  };

  @FuzzTest(maxDuration = "6s")
  void readAndReconstruct(byte[] bytes) {
    WireReconstructor reconstructor = new WireReconstructor(DISCARD);
    long[] lastEpochNanos = {Long.MIN_VALUE};
    try {
      CaptureStats stats = CaptureReader.read(new ByteArrayInputStream(bytes), "fuzz",
          (ts, link, data, offset, captured, original) -> {
            lastEpochNanos[0] = Math.max(lastEpochNanos[0], ts);
            reconstructor.packet(ts, link, data, offset, captured, original);
          });
      assertEquals(stats.packets(), reconstructor.stats().packets(), "every delivered packet reached the wire");
    } catch (IOException refused) {
      // A capture that is not one, or is malformed: refused with a message. What was read before
      // the refusal has still gone through the reconstructor, which must finish cleanly.
    }
    WireStats wire = reconstructor.finish(lastEpochNanos[0]);
    assertEquals(0, wire.internalErrors(), () -> "reconstructor defects: " + wire);
  }
}
