package io.crosscheck.e2e;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * A small tmpfs mounted for one test, so that a run writing into it fills its disk; unmounted
 * (lazily, should a child still hold it) on {@link #close}. Mounting needs root and CAP_SYS_ADMIN:
 * without them the test is skipped (a JUnit assumption), not failed.
 */
final class SmallTmpfs implements AutoCloseable {
  final Path path;

  private SmallTmpfs(Path path) {
    this.path = path;
  }

  /** Mounts a tmpfs of {@code size} ({@code mount -o size=}, e.g. {@code 256k}, {@code 2m}) on {@code dir}. */
  static SmallTmpfs mount(Path dir, String size) throws Exception {
    assumeTrue("root".equals(System.getProperty("user.name")),
        "mounting the small tmpfs that fills up needs root; skipped as " + System.getProperty("user.name"));
    Files.createDirectories(dir);
    assumeTrue(exec("mount", "-t", "tmpfs", "-o", "size=" + size, "tmpfs", dir.toString()) == 0,
        "mount -t tmpfs failed (no CAP_SYS_ADMIN in this container?)");
    return new SmallTmpfs(dir);
  }

  @Override
  public void close() throws Exception {
    exec("umount", "-l", path.toString());
  }

  private static int exec(String... command) throws Exception {
    Process p = new ProcessBuilder(command).redirectErrorStream(true)
        .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
    assertTrue(p.waitFor(30, TimeUnit.SECONDS), String.join(" ", command) + " ends");
    return p.exitValue();
  }
}
