package io.crosscheck.rubis.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.crosscheck.spi.RubisSupport.RubisWorkloadSpec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * A RUBiS workload without a properties file reads the shipped one through a temporary copy, and
 * that copy is gone when the call returns: it used to be left to deleteOnExit, which removed the
 * file but not its directory, so every run left an empty {@code crosscheck-rubis*} directory in the
 * temp dir (76 of them here after two days of tests).
 */
class DefaultPropertiesTest {
  private static Set<Path> copies() throws IOException {
    Path tmp = Path.of(System.getProperty("java.io.tmpdir"));
    try (Stream<Path> s = Files.list(tmp)) {
      Set<Path> out = new HashSet<>();
      s.filter(p -> p.getFileName().toString().startsWith("crosscheck-rubis")).forEach(out::add);
      return out;
    }
  }

  @Test
  void theShippedPropertiesAreReadWithoutLeavingTheirCopyBehind() throws Exception {
    Set<Path> before = copies();
    RubisWorkloadSpec spec = new RubisSupportImpl().workload(null, null, 7, 1.0);
    assertEquals(7, spec.users(), "the workload of the shipped properties, with the users asked for");
    assertTrue(spec.notes().get(0).contains("crosscheck-default.properties"), spec.notes().toString());
    Set<Path> left = copies();
    left.removeAll(before);
    assertEquals(Set.of(), left, "temporary copies left in " + System.getProperty("java.io.tmpdir"));
  }
}
