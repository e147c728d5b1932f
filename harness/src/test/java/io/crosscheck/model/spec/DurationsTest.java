package io.crosscheck.model.spec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class DurationsTest {
  @Test
  void parsesEveryUnitExactly() {
    assertEquals(500_000_000L, Durations.parseNanos("500ms"));
    assertEquals(2_000_000_000L, Durations.parseNanos("2s"));
    assertEquals(90_000_000_000L, Durations.parseNanos("1.5m"));
    assertEquals(250_000L, Durations.parseNanos("250us"));
    assertEquals(250_000L, Durations.parseNanos("250µs"));
    assertEquals(100L, Durations.parseNanos("100ns"));
    assertEquals(3_600_000_000_000L, Durations.parseNanos("1h"));
    assertEquals(100_000_000L, Durations.parseNanos(".1s"));
    assertEquals(1_500_000_000L, Durations.parseNanos(" 1.5 S "));
    assertEquals(0L, Durations.parseNanos("0"));
  }

  @Test
  void roundsToTheNearestNanosecond() {
    assertEquals(2L, Durations.parseNanos("1.5ns"));
    assertEquals(1_234_568L, Durations.parseNanos("1.2345675ms"));
  }

  @ParameterizedTest
  @ValueSource(strings = {"", "abc", "5", "-1s", "1.5x", "1e3s", "s", "1 2s", "NaNs", "99999999999h"})
  void refusesBadText(String text) {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> Durations.parseNanos(text));
    assertTrue(e.getMessage().contains("\"" + text + "\""), e.getMessage());
  }

  @Test
  void bareNumberIsSecondsOnlyWhenTheCallerSaysSo() {
    assertEquals(1_500_000_000L, Durations.parseSecondsOrDurationNanos("1.5"));
    assertEquals(250_000_000L, Durations.parseSecondsOrDurationNanos("250ms"));
    assertThrows(IllegalArgumentException.class, () -> Durations.parseNanos("1.5"));
    assertThrows(IllegalArgumentException.class, () -> Durations.parseSecondsOrDurationNanos("abc"));
    assertThrows(IllegalArgumentException.class, () -> Durations.parseSecondsOrDurationNanos(null));
  }
}
