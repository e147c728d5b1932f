package io.crosscheck.telemetry;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class ProcDigitsTest {
  @Test
  void parsesTheDecimalAtAnIndexAndSkipsPastIt() {
    byte[] b = "123 4567 x".getBytes(StandardCharsets.US_ASCII);
    assertEquals(123, ProcDigits.parse(b, 0, b.length));
    assertEquals(3, ProcDigits.skip(b, 0, b.length));
    assertEquals(4567, ProcDigits.parse(b, 4, b.length));
    assertEquals(8, ProcDigits.skip(b, 4, b.length));
    assertEquals(45, ProcDigits.parse(b, 4, 6), "bytes from n on are not read");
  }

  @Test
  void noDigitIsMinusOne() {
    byte[] b = "12 x".getBytes(StandardCharsets.US_ASCII);
    assertEquals(-1, ProcDigits.parse(b, 2, b.length));
    assertEquals(-1, ProcDigits.parse(b, 3, b.length));
    assertEquals(-1, ProcDigits.parse(b, 9, b.length));
    assertEquals(-1, ProcDigits.parse(b, 0, -1), "a failed read (n = -1)");
    assertEquals(2, ProcDigits.skip(b, 2, b.length));
  }
}
