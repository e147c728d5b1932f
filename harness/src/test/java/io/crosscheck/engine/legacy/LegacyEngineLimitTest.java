package io.crosscheck.engine.legacy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Reading a limit back from an engine result's gauges says what was recorded and nothing more. */
class LegacyEngineLimitTest {
  @Test
  void noGaugeMeansNoLimit() {
    assertEquals(Optional.empty(), LegacyEngineLimit.fromExtra(Map.of("peakUsers", 40L)));
  }

  @Test
  void bothGaugesGiveKindAndUsersButTheReasonIsSaidToBeUnrecorded() {
    LegacyEngineLimit limit = LegacyEngineLimit.fromExtra(Map.of(
        LegacyEngineLimit.KIND_KEY, LegacyEngineLimit.Kind.NATIVE_THREADS.code(),
        LegacyEngineLimit.USERS_KEY, 5100L)).orElseThrow();
    assertEquals(LegacyEngineLimit.Kind.NATIVE_THREADS, limit.kind());
    assertEquals(5100, limit.usersAlive());
    assertNull(limit.reason(), "the JVM's words are not in the gauges");
    assertEquals("client limit reached: native threads ran out with 5100 user threads alive; no further"
        + " users were started (the JVM's error was not recorded)", limit.describe());
  }

  @Test
  void usersWithoutAKindSayTheResourceIsUnknownInsteadOfGuessingOne() {
    LegacyEngineLimit limit =
        LegacyEngineLimit.fromExtra(Map.of(LegacyEngineLimit.USERS_KEY, 300L)).orElseThrow();
    assertNull(limit.kind());
    assertEquals("client limit reached: the engine did not record which resource ran out with 300 user"
        + " threads alive; no further users were started (the JVM's error was not recorded)", limit.describe());
    assertEquals(Map.of(LegacyEngineLimit.USERS_KEY, 300L), limit.gauges(), "only what is known goes back out");
  }

  @Test
  void aKindCodeThisVersionDoesNotKnowIsNotMappedToAKnownKind() {
    LegacyEngineLimit limit =
        LegacyEngineLimit.fromExtra(Map.of(LegacyEngineLimit.KIND_KEY, 99L)).orElseThrow();
    assertNull(limit.kind());
    assertEquals(-1, limit.usersAlive());
    assertTrue(limit.describe().contains("did not record which resource")
        && limit.describe().contains("unrecorded number of user threads"), limit.describe());
  }

  @Test
  void aLimitTheEngineRecordedRoundTripsThroughItsGauges() {
    LegacyEngineLimit met = new LegacyEngineLimit(LegacyEngineLimit.Kind.OPEN_FILES, 1021,
        "java.net.SocketException: Too many open files");
    LegacyEngineLimit read = LegacyEngineLimit.fromExtra(met.gauges()).orElseThrow();
    assertEquals(met.kind(), read.kind());
    assertEquals(met.usersAlive(), read.usersAlive());
    assertFalse(read.describe().contains("Too many open files"), "the reason is not invented: " + read.describe());
    assertTrue(met.describe().endsWith("(java.net.SocketException: Too many open files)"), met.describe());
  }
}
