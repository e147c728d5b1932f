package io.crosscheck.k8s;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The manifests' directory is written whole or not at all, and never over files. */
class ManifestDirectoryTest {
  @TempDir Path tmp;

  @Test
  void theDirectoryIsWrittenWholeAndAFailureLeavesNothing() throws IOException {
    Path out = tmp.resolve("k8s-a");
    ManifestDirectory.write(out, Map.of("a.yaml", "a: \"1\"\n", "README.txt", "r\n"));
    assertEquals("a: \"1\"\n", Files.readString(out.resolve("a.yaml")));
    assertFalse(Files.exists(tmp.resolve(".k8s-a.writing")));
    IOException again = assertThrows(IOException.class, () -> ManifestDirectory.write(out, Map.of("b", "")));
    assertTrue(again.getMessage().endsWith("expected a new or empty directory (this one holds files: remove it first)"),
        again.getMessage());
    // a file that cannot be created (its directory does not exist) fails the write after the first file:
    // neither the directory nor the hidden sibling is left
    Path failed = tmp.resolve("k8s-b");
    Map<String, String> files = new LinkedHashMap<>();
    files.put("ok.yaml", "x");
    files.put("no-such-dir/x.yaml", "y");
    assertThrows(IOException.class, () -> ManifestDirectory.write(failed, files));
    assertFalse(Files.exists(failed));
    assertFalse(Files.exists(tmp.resolve(".k8s-b.writing")));
  }
}
