package io.crosscheck.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.crosscheck.record.ClockOffset;
import io.crosscheck.record.ClockSampler;
import io.crosscheck.record.MalformedInputException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** clock.csv of today's format (ClockSampler's header and rows) through the RFC 4180 reader. */
class ClockMapReadTest {
  @TempDir Path tmp;

  @Test
  void calibrationsReadAndAPartialLastRowIsNoCalibration() throws Exception {
    Path csv = tmp.resolve("clock.csv");
    Files.writeString(csv, ClockSampler.HEADER + "\n1000,1795456250000000000,20000\n\n2000,1795456250000000100,15000\n"
        + "3000,17954");
    assertEquals(List.of(new ClockOffset(1795456250000000000L, 20000, 1000),
        new ClockOffset(1795456250000000100L, 15000, 2000)), ClockMap.read(csv));
  }

  @Test
  void aMalformedRowIsNamedByLine() throws Exception {
    Path csv = tmp.resolve("clock.csv");
    Files.writeString(csv, ClockSampler.HEADER + "\n1000,1795456250000000000,20000\n2000,x,1\n");
    MalformedInputException e = assertThrows(MalformedInputException.class, () -> ClockMap.read(csv));
    assertEquals("clock.csv:3: \"2000,x,1\": expected measuredAtNanos,offsetNanos,uncertaintyNanos (For input"
        + " string: \"x\")", e.getMessage());
  }
}
