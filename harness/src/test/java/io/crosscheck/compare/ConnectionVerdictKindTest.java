package io.crosscheck.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.crosscheck.rundir.Findings.VerdictKind;
import org.junit.jupiter.api.Test;

/**
 * findings.json's connections.verdictKind is read back from the verdict sentence ({@link
 * VerdictKind#ofSentence}): every sentence {@link ConnectionDiagnostics} writes must be read to its
 * own kind, so that a sentence reworded here cannot silently change what {@code crosscheck check}
 * compares.
 */
class ConnectionVerdictKindTest {
  @Test
  void everyMatchedRecordsVerdictIsReadToItsKind() {
    assertEquals(VerdictKind.NO_MATCH, VerdictKind.ofSentence(ConnectionDiagnostics.verdict(0, 0, 0, 0, 0)));
    assertEquals(VerdictKind.SHARING, VerdictKind.ofSentence(ConnectionDiagnostics.verdict(10, 3, 30, 12, 2)));
    assertEquals(VerdictKind.PER_REQUEST, VerdictKind.ofSentence(ConnectionDiagnostics.verdict(2, 30, 30, 1, 0)));
    assertEquals(VerdictKind.NO_SHARING, VerdictKind.ofSentence(ConnectionDiagnostics.verdict(5, 5, 30, 6, 0)));
    assertEquals(VerdictKind.NO_SHARING, VerdictKind.ofSentence(ConnectionDiagnostics.verdict(5, 7, 30, 6, 0)));
  }

  @Test
  void everyWireVerdictIsReadToItsKind() {
    int[] open = {2, 3};
    assertEquals(VerdictKind.WIRE_NO_EXCHANGE, VerdictKind.ofSentence(ConnectionDiagnostics.wireVerdict(0, 0, open, 0)));
    assertEquals(VerdictKind.WIRE_PER_EXCHANGE,
        VerdictKind.ofSentence(ConnectionDiagnostics.wireVerdict(40, 40, open, 2.5)));
    assertEquals(VerdictKind.WIRE_FEW_CONNECTIONS,
        VerdictKind.ofSentence(ConnectionDiagnostics.wireVerdict(4, 400, open, 30)));
    assertEquals(VerdictKind.WIRE_REUSED, VerdictKind.ofSentence(ConnectionDiagnostics.wireVerdict(40, 100, open, 5)));
  }
}
