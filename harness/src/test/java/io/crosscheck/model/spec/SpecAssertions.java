package io.crosscheck.model.spec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Helpers of the spec tests: build a spec and look at its problems. */
final class SpecAssertions {
  private SpecAssertions() {}

  /** The problems of a spec that must not build. */
  static List<Problem> problems(WorkloadSpec spec) {
    return assertThrows(SpecException.class, spec::build).problems();
  }

  /** The one problem of a spec that must not build, checked against its full message. */
  static Problem onlyProblem(WorkloadSpec spec, String expectedMessage) {
    List<Problem> problems = problems(spec);
    assertEquals(1, problems.size(), () -> "problems: " + problems);
    assertEquals(expectedMessage, problems.get(0).message());
    return problems.get(0);
  }

  /** Writes {@code lines} to {@code dir/name} and returns the path as text. */
  static String write(Path dir, String name, String... lines) throws IOException {
    Path file = dir.resolve(name);
    Files.write(file, List.of(lines), StandardCharsets.UTF_8);
    return file.toString();
  }

  /** The path of a test resource as text. */
  static String resource(String name) {
    try {
      return Path.of(SpecAssertions.class.getResource(name).toURI()).toString();
    } catch (java.net.URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }
}
