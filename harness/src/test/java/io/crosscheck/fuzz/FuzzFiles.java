package io.crosscheck.fuzz;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.crosscheck.model.spec.Problem;
import io.crosscheck.model.spec.SpecException;
import io.crosscheck.model.spec.WorkloadSpec;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.function.BiConsumer;
import java.util.stream.Stream;

/**
 * What the fuzz targets of this package share: one temporary directory per JVM for the parsers
 * that read a file by path (each execution overwrites the same file, so a fuzz run of millions of
 * inputs makes no garbage on disk; the directory is deleted at exit), and the check that a refusal
 * is the documented one ({@link #assertBuildsOrRefuses}). Single-threaded, as Jazzer runs a target.
 */
final class FuzzFiles {
  private static Path dir;

  private FuzzFiles() {}

  /** {@code bytes} written to {@code name} in this JVM's fuzz directory; its path. */
  static Path write(String name, byte[] bytes) {
    try {
      Path file = dir().resolve(name);
      Files.write(file, bytes);
      return file;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the fuzz input file", e);
    }
  }

  /** The directory, created on first use. */
  static synchronized Path dir() throws IOException {
    if (dir == null) {
      dir = Files.createTempDirectory("crosscheck-fuzz-");
      Path created = dir;
      Runtime.getRuntime().addShutdownHook(new Thread(() -> deleteTree(created)));
    }
    return dir;
  }

  private static void deleteTree(Path root) {
    try (Stream<Path> all = Files.walk(root)) {
      all.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    } catch (IOException ignored) {
      // best effort at JVM exit
    }
  }

  /**
   * The property every spec-file fuzz target checks: {@code bytes}, written to {@code name} and named
   * by the option that {@code option} sets on a fresh spec, either build a workload or are refused
   * with the documented refusal ({@link #assertDocumentedRefusal}).
   */
  static void assertBuildsOrRefuses(String name, byte[] bytes, BiConsumer<WorkloadSpec, Path> option) {
    Path file = write(name, bytes);
    WorkloadSpec spec = new WorkloadSpec();
    option.accept(spec, file);
    try {
      assertNotNull(spec.build());
    } catch (SpecException refused) {
      assertDocumentedRefusal(refused, file);
    }
  }

  /**
   * Asserts that a spec refusal is the documented one: at least one problem, each
   * located at the file ({@code PATH:LINE} or the path itself) or at an option.
   */
  static void assertDocumentedRefusal(SpecException e, Path file) {
    assertFalse(e.problems().isEmpty(), "a SpecException without problems");
    for (Problem p : e.problems()) {
      String where = p.where();
      assertTrue(where.startsWith(file.toString()) || where.startsWith("--"),
          () -> "problem located neither at the file nor at an option: " + p.message());
      assertFalse(p.expected().isBlank(), () -> "problem without what was expected: " + p.message());
    }
  }
}
