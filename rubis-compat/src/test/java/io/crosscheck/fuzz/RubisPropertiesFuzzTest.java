package io.crosscheck.fuzz;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.crosscheck.rubis.RubisInputException;
import io.crosscheck.rubis.RubisProblem;
import io.crosscheck.rubis.RubisProperties;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Fuzzes the RUBiS {@code rubis.properties} reader ({@link RubisProperties#read}: the {@code
 * .properties} line splitting of PropertiesFileLines, the value checks, and the regions and
 * categories files it names, resolved to the files shipped with crosscheck since the fuzz directory
 * holds no other): any bytes, written as {@code rubis.properties}, either read or are refused with a
 * {@link RubisInputException} whose every problem is located in a named file. Anything else is a
 * finding.
 *
 * <p>Seeds: {@code src/test/resources/io/crosscheck/fuzz/RubisPropertiesFuzzTestInputs/readProperties/}
 * (the RUBiS 1.4.3 files from /work/shared/rubis-data and the regressions found so far); fuzzed by
 * {@code scripts/fuzz-bounded.sh}.
 */
class RubisPropertiesFuzzTest {
  private static Path dir;

  @FuzzTest(maxDuration = "6s")
  void readProperties(byte[] bytes) throws IOException {
    Path file = dir().resolve("rubis.properties");
    Files.write(file, bytes);
    try {
      assertNotNull(RubisProperties.read(file));
    } catch (RubisInputException refused) {
      assertFalse(refused.problems().isEmpty(), "a RubisInputException without problems");
      for (RubisProblem p : refused.problems()) {
        assertTrue(p.where().startsWith("rubis.properties") || p.where().contains(".txt")
            || p.where().contains("regions") || p.where().contains("categories"),
            () -> "problem not located in a file: " + p.message());
      }
    }
  }

  private static synchronized Path dir() {
    if (dir == null) {
      try {
        dir = Files.createTempDirectory("crosscheck-fuzz-rubis-");
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      Path created = dir;
      Runtime.getRuntime().addShutdownHook(new Thread(() -> {
        created.resolve("rubis.properties").toFile().delete();
        created.toFile().delete();
      }));
    }
    return dir;
  }
}
