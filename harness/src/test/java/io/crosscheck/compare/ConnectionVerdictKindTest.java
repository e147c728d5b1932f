package io.crosscheck.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.crosscheck.report.FindingsSentences;
import io.crosscheck.rundir.Findings;
import io.crosscheck.rundir.Findings.VerdictKind;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * findings.json's connections.verdictKind is what {@code crosscheck check} compares, and files of
 * formatVersion 2 have only the sentence to read it from ({@link VerdictKind#ofSentence}): every
 * sentence the renderer says for a kind {@link ConnectionDiagnostics} judges must be read back to that
 * same kind, so that a sentence reworded cannot silently change what an older file's verdict means.
 */
class ConnectionVerdictKindTest {
  @Test
  void everyMatchedRecordsVerdictIsReadToItsKind() {
    assertRoundTrip(VerdictKind.NO_MATCH, 0, 0, 0, 0, 0);
    assertRoundTrip(VerdictKind.SHARING, 10, 3, 30, 12, 2);
    assertRoundTrip(VerdictKind.PER_REQUEST, 2, 30, 30, 1, 0);
    assertRoundTrip(VerdictKind.NO_SHARING, 5, 5, 30, 6, 0);
    assertRoundTrip(VerdictKind.NO_SHARING, 5, 7, 30, 6, 0);
  }

  @Test
  void everyWireVerdictIsReadToItsKind() {
    assertWireRoundTrip(VerdictKind.WIRE_NO_EXCHANGE, 0, 0, 0);
    assertWireRoundTrip(VerdictKind.WIRE_PER_EXCHANGE, 40, 40, 2.5);
    assertWireRoundTrip(VerdictKind.WIRE_FEW_CONNECTIONS, 4, 400, 30);
    assertWireRoundTrip(VerdictKind.WIRE_REUSED, 40, 100, 5);
  }

  private static void assertRoundTrip(VerdictKind expected, long sessions, long connections, long requests,
      long maxOnOne, long shared) {
    VerdictKind kind = ConnectionDiagnostics.kind(sessions, connections, requests, shared);
    assertEquals(expected, kind);
    Findings f = findings(new Findings.Connections(sessions, connections, connections, 1, Map.of(), maxOnOne, shared,
        1, 50, -1, -1, 5, true, null, null, kind, null, null, requests, connections, requests, null));
    String sentence = FindingsSentences.connectionsVerdict(f);
    assertEquals(expected, VerdictKind.ofSentence(sentence), sentence);
  }

  private static void assertWireRoundTrip(VerdictKind expected, long connections, long exchanges, double busiest) {
    VerdictKind kind = ConnectionDiagnostics.wireKind(connections, exchanges);
    assertEquals(expected, kind);
    Findings f = findings(new Findings.Connections(0, connections, connections, 1, Map.of(), 1, 0, 1, busiest, 2, 3,
        5, exchanges > 0, null, null, kind, null, null, 0L, 0L, exchanges, null));
    String sentence = FindingsSentences.connectionsVerdict(f);
    assertEquals(expected, VerdictKind.ofSentence(sentence), sentence);
  }

  private static Findings findings(Findings.Connections c) {
    return Findings.builder().connections(c).build();
  }
}
