package io.crosscheck.wan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;

class CommandsTest {
  @Test
  void outputAndExitStatusOfAnyLength() throws IOException {
    assertEquals(new Commands.Result(0, "a\nb"), Commands.run(List.of("sh", "-c", "echo a; echo b >&2")));
    Commands.Result big = Commands.run(List.of("seq", "1", "30000"));
    assertTrue(big.ok());
    assertEquals(30000, big.output().split("\n").length);
    Commands.Result failed = Commands.run(List.of("sh", "-c", "echo no; exit 3"));
    assertFalse(failed.ok());
    IOException e = assertThrows(IOException.class, () -> Commands.check(List.of("sh", "-c", "echo no; exit 3")));
    assertEquals("`sh -c echo no; exit 3` failed (exit 3): no", e.getMessage());
  }

  @Test
  void aCommandThatHangsIsStoppedAtTheTimeout() {
    long startNanos = System.nanoTime();
    // the same wait as the commands' 10 s bound, shortened to 1 s: the suite does not sit out 10 s
    IOException e = assertThrows(IOException.class, () -> Commands.run(List.of("sleep", "30"), 1));
    double seconds = (System.nanoTime() - startNanos) / 1e9;
    assertEquals("`sleep 30` did not finish within 1 s", e.getMessage());
    assertTrue(seconds >= 1 && seconds < 1 + 5, "took " + seconds + " s");
    assertEquals(10, Commands.TIMEOUT_SECONDS, "the bound every ip/tc/sysctl command gets");
  }
}
